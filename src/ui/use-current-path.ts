import { useRouterState } from '@tanstack/react-router';

/** The current path with its query string: the origin a list hands to the residence screen. */
export function useCurrentPath(): string {
  return useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
}
