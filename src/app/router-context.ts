import type { QueryClient } from '@tanstack/react-query';

/** What every route gets (docs/architecture.md 7: the QueryClient travels in router context). */
export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /**
     * The requests a signed-in start of this screen sends at once, beside user info, instead of
     * after the guards have passed (docs/performance.md "Bytes on the wire"). Only requests
     * whose answer the guards cannot change: the loader asks for the same query options and
     * takes the answer (or the request in flight); a refusal meets the same 401/403 rule the
     * loader's request would.
     */
    startRequests?: (queryClient: QueryClient, params: Record<string, string>) => void;
  }
  interface HistoryState {
    /** Where a list sent the user from: the residence's back link returns there (docs/product.md 2). */
    origin?: string;
  }
}
