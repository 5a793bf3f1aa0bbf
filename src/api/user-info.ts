import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserInfo } from '../../shared/contract/dto';
import { apiRequest } from './http';
import { tokenStore } from './token-store';

export const userInfoKeys = { all: ['userinfo'] as const };

/** The contract's answer of GET /api/v2/userinfo (docs/api.md "The contract"). */
export type { UserInfo };

/** docs/product.md 4 and 9: the keep-alive user-info call every 5 minutes, also in the background. */
export const KEEP_ALIVE_MS = 300_000;

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: [...userInfoKeys.all],
    queryFn: ({ signal }) => apiRequest<UserInfo>('/api/v2/userinfo', { signal }),
    refetchInterval: KEEP_ALIVE_MS,
    refetchIntervalInBackground: true,
  });

/** Runs only with a token (docs/product.md 7). */
export function useUserInfo(hasToken: boolean) {
  return useQuery({ ...userInfoQueryOptions(), enabled: hasToken && tokenStore.get() !== null });
}
