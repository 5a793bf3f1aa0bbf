import type { QueryClient } from '@tanstack/react-query';
import { notFound, redirect } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import { userInfoQueryOptions } from '../api/user-info';
import {
  authFailureRedirect,
  hasWriteAccess,
  isForbiddenRole,
  normalizeRole,
} from '../../shared/rules/session-rules';
import { organizationsQueryOptions } from '../api/get-organizations';
import { endSession } from '../features/session/end-session';
import { activeOrganization } from '../offline/active-organization';
import type { ActiveOrganization } from '../offline/cookies';

/**
 * The access rules of the pathless layout routes (docs/architecture.md 2, "Routes own access
 * and data"): each guard runs in a `beforeLoad`, either returns what it established for the
 * route context or throws a redirect / not-found, so no screen renders before access is known.
 */

/** The signed-in user as every route below `_signedIn` sees it. */
export interface Session {
  ssoUuid: string;
  userName: string;
  role: string;
  logoutUrl: string | null;
  /** docs/product.md 6: the role write grants write access; everyone else reads. */
  canWrite: boolean;
}

interface GuardArgs {
  context: { queryClient: QueryClient };
  location: { href: string; pathname: string; searchStr: string };
}

/**
 * docs/product.md 4 and 6, and "Session": with no session on the device the visitor goes to the
 * login screen with where they were as returnUrl; a device session past its limit locks at
 * /loggedout (nothing is deleted); an expired token alone does not end anything: the screens
 * go on with what the device holds. A role of none (or none at all) is refused on the root path;
 * a 401/403 from user info follows the redirect rule of docs/product.md 2.
 */
export async function requireSession({ context, location }: GuardArgs): Promise<{ session: Session }> {
  const state = tokenStore.state();
  if (state === 'expired') {
    // Signed in before the device session existed: that session ends as it always did.
    await endSession(context.queryClient);
    throw redirect({ to: '/loggedout', replace: true });
  }
  if (state === 'locked')
    throw redirect({ to: '/loggedout', search: { returnUrl: location.href }, replace: true });
  const user = tokenStore.user();
  if (state === 'missing' || !user) {
    throw redirect({ to: '/', search: { returnUrl: location.href }, replace: true });
  }
  if (state === 'valid') prefetchOrganizations(context.queryClient);
  let userInfo;
  try {
    userInfo = await context.queryClient.ensureQueryData(userInfoQueryOptions());
  } catch (error) {
    // The token was refused and the device has not kept who the user is: sign in again here.
    if (error instanceof ApiError && error.status === 401 && tokenStore.state() === 'renew') {
      throw redirect({ to: '/loggedout', search: { returnUrl: location.href }, replace: true });
    }
    if (error instanceof ApiError && error.isAuthFailure) {
      throw redirect({
        href: authFailureRedirect(location.pathname, location.searchStr) ?? '/',
        replace: true,
      });
    }
    throw error;
  }
  // The root path shows the refused screen (docs/product.md 6: login not accepted).
  if (isForbiddenRole(userInfo.role)) throw redirect({ to: '/', replace: true });
  return {
    session: {
      ssoUuid: user,
      userName: userInfo.userName,
      role: normalizeRole(userInfo.role),
      logoutUrl: userInfo.logoutUrl,
      canWrite: hasWriteAccess(userInfo.role),
    },
  };
}

/**
 * A signed-in start asks for user info and the organizations at once, beside the restore of the
 * persisted cache and the download of the screen's code, instead of after both: on a weak line
 * that is one round trip less before the screen's own data is asked for (docs/performance.md
 * "Bytes on the wire"). The guards below then find the answers, or the requests still under way,
 * in the cache. An answer that arrives before the restore is not replaced by the older persisted
 * copy (the restore only writes data newer than the cache's); one that fails (offline) leaves
 * the restored copy to the guards, as before. Only with a token that has not expired: anything
 * else is the session guard's to handle. Answers whether it asked.
 */
export function prefetchSession(queryClient: QueryClient): boolean {
  if (tokenStore.state() !== 'valid') return false;
  void queryClient.prefetchQuery(userInfoQueryOptions());
  prefetchOrganizations(queryClient);
  return true;
}

/**
 * The organization guard runs after the session guard and asks for the organizations: with an
 * active organization remembered, they are asked for beside user info instead, and a cold start
 * waits one round trip less (docs/performance.md "Bytes on the wire"). Cached, nothing is
 * fetched; a failure is the guard's to meet when it asks.
 */
export function prefetchOrganizations(queryClient: QueryClient): void {
  if (activeOrganization.get()) void queryClient.prefetchQuery(organizationsQueryOptions());
}

/**
 * docs/product.md 2: signed-in users with no organization selected go to /organizations with where they
 * were as the origin; a remembered organization the user no longer belongs to is forgotten.
 */
export async function requireOrganization({
  context,
  location,
}: GuardArgs): Promise<{ organization: ActiveOrganization }> {
  const active = activeOrganization.get();
  if (active) {
    const organizations = await context.queryClient.ensureQueryData(organizationsQueryOptions());
    if (organizations.some((o) => o.id === active.id)) return { organization: active };
    activeOrganization.clear();
  }
  throw redirect({ to: '/organizations', search: { origin: location.href }, replace: true });
}

/** docs/product.md 2 and 6: write routes show the 404 page to everyone else; the server refuses them too. */
export function requireWrite(session: Session): void {
  if (!session.canWrite) throw notFound();
}
