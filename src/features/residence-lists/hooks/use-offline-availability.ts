import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { propertyQueryOptions } from '../../../api/get-property';
import { useOnline } from '../../../ui/use-online';
import { useOfflineRegistry } from '../../../ui/use-offline-registry';

/** How a residence can be opened now: kept offline, fine (online or cached), or not on the device. */
export type Availability = 'kept' | 'open' | 'unavailable';

/**
 * Per residence, for the lists (docs/architecture.md 2, "Taken along offline"): taken along shows
 * a mark; offline, a residence whose data never reached the device (neither taken along nor opened
 * before) cannot be opened and says so instead of failing.
 */
export function useOfflineAvailability(): (residenceId: string) => Availability {
  const registry = useOfflineRegistry();
  const online = useOnline();
  const queryClient = useQueryClient();
  return useCallback(
    (residenceId: string) => {
      if (registry.residences[residenceId]) return 'kept';
      if (online) return 'open';
      return queryClient.getQueryData(propertyQueryOptions(residenceId).queryKey) ? 'open' : 'unavailable';
    },
    [registry, online, queryClient],
  );
}
