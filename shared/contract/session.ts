import { Type, type Static } from 'typebox';
import { Nullable } from './common';

/** The signed-in user's own calls (docs/api.md "Content and session", "Demo sign-on"). */

/** GET /api/v2/userinfo: who is signed in (also the app's 5-minute keep-alive). */
export const UserInfo = Type.Object({
  /** The user's display name. */
  userName: Type.String(),
  logoutUrl: Nullable(Type.String()),
  /** Lower-cased; never `none`, which is refused (docs/product.md 6). */
  role: Type.String(),
});
export type UserInfo = Static<typeof UserInfo>;

/** POST /auth/logout: `{ "status": "ended" }`, also for a session ended already. */
export const LogoutAnswer = Type.Object({ status: Type.String() });
export type LogoutAnswer = Static<typeof LogoutAnswer>;
