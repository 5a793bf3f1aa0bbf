import type { QueryClient } from '@tanstack/react-query';

/** What every route gets (STYLE.md: the QueryClient travels in router context). */
export interface RouterContext {
  queryClient: QueryClient;
}
