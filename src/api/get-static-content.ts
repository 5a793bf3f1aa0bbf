import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';
import type { StaticContent } from '../../shared/contract/static-content';

export const staticContentKeys = { all: ['staticcontent'] as const };

/** GET /api/v2/staticcontent: public, so it loads before sign-in too. */
export const staticContentQueryOptions = () =>
  queryOptions({
    queryKey: [...staticContentKeys.all],
    queryFn: ({ signal }) => apiRequest<StaticContent>('/api/v2/staticcontent', { signal }),
  });
