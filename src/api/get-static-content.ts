import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from './http';
import type { StaticContent } from './static-content';

/** GET /api/v2/staticcontent: public, so it loads before sign-in too. */
export const staticContentQueryOptions = () =>
  queryOptions({
    queryKey: ['staticcontent'],
    queryFn: ({ signal }) => apiRequest<StaticContent>('/api/v2/staticcontent', { signal }),
  });
