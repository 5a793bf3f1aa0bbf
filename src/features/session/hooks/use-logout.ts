import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { userInfoQueryOptions } from '../api/get-user-info';
import { endSession } from '../end-session';

/**
 * The logout button: ends the session, then goes to the user's logoutUrl when there is one
 * (the SSO's own logout), else to the root.
 */
export function useLogout(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    const logoutUrl = queryClient.getQueryData(userInfoQueryOptions().queryKey)?.logoutUrl;
    await endSession(queryClient);
    if (logoutUrl) {
      window.location.assign(logoutUrl);
    } else {
      await navigate({ to: '/', search: {} });
    }
  }, [queryClient, navigate]);
}
