import { createFileRoute, redirect } from '@tanstack/react-router';
import { organizationsQueryOptions } from '../api/get-organizations';
import { safeReturnPath } from '../../shared/rules/session-rules';
import { signIn } from '../features/session/sign-in';
import { activeOrganization } from '../offline/active-organization';

interface CallbackSearch {
  token?: string;
  returnPath?: string;
}

/**
 * docs/product.md 2: store the token, load the organizations; exactly one is chosen automatically and
 * the user goes to returnPath (default /), as after signing in again with the organization still
 * chosen; otherwise to /organizations. A missing or invalid
 * token ends on the error screen ("Invalid token specified", docs/product.md 8).
 */
export const Route = createFileRoute('/loginCallback')({
  validateSearch: (search: Record<string, unknown>): CallbackSearch => ({
    token: typeof search.token === 'string' ? search.token : undefined,
    returnPath: typeof search.returnPath === 'string' ? search.returnPath : undefined,
  }),
  beforeLoad: async ({ search, context }) => {
    const target = safeReturnPath(search.returnPath);
    if (!search.token) throw new Error('Invalid token specified: no token');
    await signIn(search.token, context.queryClient);
    // Read afresh: a sign-in is when a user's organizations may have changed (docs/sign-in.md).
    const organizations = await context.queryClient.fetchQuery({
      ...organizationsQueryOptions(),
      staleTime: 0,
    });
    if (organizations.length === 1) {
      activeOrganization.set(organizations[0]!);
      throw redirect({ href: target, replace: true });
    }
    // Signing in again after the token ended (docs/product.md "Session"): the organization the
    // device session had chosen still holds, and the user returns to the same screen. After a
    // logout, or another user's sign-in, none is remembered.
    const remembered = activeOrganization.get();
    if (remembered && organizations.some((o) => o.id === remembered.id)) {
      throw redirect({ href: target, replace: true });
    }
    throw redirect({ to: '/organizations', search: { origin: target }, replace: true });
  },
});
