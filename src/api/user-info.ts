import { hasWriteAccess } from '../domain/session-rules';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './http';
import { tokenStore } from './token-store';

export interface UserInfo {
  userName: string;
  logoutUrl: string | null;
  role: string;
}

/** Spec 4 and 9: the keep-alive user-info call every 5 minutes, also in the background. */
export const KEEP_ALIVE_MS = 300_000;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['userinfo'],
    queryFn: ({ signal }) => apiRequest<UserInfo>('/api/v2/userinfo', { signal }),
    refetchInterval: KEEP_ALIVE_MS,
    refetchIntervalInBackground: true,
  });

/** Runs only with a token (spec 7). */
export function useUserInfo(hasToken: boolean) {
  return useQuery({ ...userInfoQueryOptions(), enabled: hasToken && tokenStore.get() !== null });
}

/** Spec 6: write access from the role in user info (read from the cache, fetched with a token). */
export function useHasWriteAccess(): boolean {
  const { data } = useUserInfo(tokenStore.get() !== null);
  return hasWriteAccess(data?.role);
}
