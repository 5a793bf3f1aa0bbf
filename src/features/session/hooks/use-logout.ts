import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { connectivity } from '../../../api/connectivity';
import { userInfoQueryOptions } from '../../../api/user-info';
import { endSession } from '../end-session';

/**
 * The logout button (docs/product.md 4 "Logout"): ends the session, then goes to the user's
 * logoutUrl (the sign-on's own logout) whenever there is one, on the root path too, so that the
 * next "Log ind" on a shared device asks for a password again (docs/sign-in.md "Logout"). Offline
 * the sign-on cannot be reached: the login screen shows instead.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const logoutUrl = queryClient.getQueryData(userInfoQueryOptions().queryKey)?.logoutUrl;
    await endSession(queryClient);
    if (logoutUrl && connectivity.isOnline()) {
      window.location.assign(logoutUrl);
    } else {
      await navigate({ to: '/', search: {} });
    }
  }, [queryClient, navigate]);
}
