import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';
import { userInfoQueryOptions } from '../../../api/user-info';
import { endSession } from '../end-session';

/**
 * The logout button (docs/product.md 2): ends the session, then goes to the user's logoutUrl (the
 * sign-on's own logout) when there is one, except on the root path itself, which simply
 * shows the login screen again.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  return useCallback(async () => {
    const logoutUrl = queryClient.getQueryData(userInfoQueryOptions().queryKey)?.logoutUrl;
    const onRoot = router.state.location.pathname === '/';
    await endSession(queryClient);
    if (logoutUrl && !onRoot) {
      window.location.assign(logoutUrl);
    } else {
      await navigate({ to: '/', search: {} });
    }
  }, [queryClient, navigate, router]);
}
