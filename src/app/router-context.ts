import type { QueryClient } from '@tanstack/react-query';

/** What every route gets (docs/architecture.md 7: the QueryClient travels in router context). */
export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    /** Where a list sent the user from: the residence's back link returns there (docs/product.md 2). */
    origin?: string;
  }
}
