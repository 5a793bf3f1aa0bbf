import { Type, type Static } from 'typebox';

/** GET /api/v2/organizations/getorganizations: one of the user's organizations. */
export const Organization = Type.Object({ id: Type.String(), name: Type.String() });
export type Organization = Static<typeof Organization>;
