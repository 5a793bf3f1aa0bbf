import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { DROPDOWN_SIZE, useSearchProperties } from '../../../api/search-properties';
import { useOnline } from '../../../ui/use-online';
import { useDeviceSearch } from '../device-search';

export interface AddressSuggestions {
  /** The first 15 hits; undefined until the first answer. */
  hits: readonly PropertySearchResult[] | undefined;
  /** The hits are an earlier query's, shown while this one is asked for. */
  previous: boolean;
  /** Offline: the hits are the residences on the device (docs/architecture.md 2, "Taken along offline"). */
  onDevice: boolean;
  fetching: boolean;
  failed: boolean;
}

/**
 * The first hits of an address search, for the header's box and the search page: online the
 * server's, offline the device's. Offline the server is not asked (the request could only fail).
 */
export function useAddressSuggestions(organizationId: string, query: string): AddressSuggestions {
  const online = useOnline();
  const search = useSearchProperties(online ? organizationId : undefined, query, DROPDOWN_SIZE);
  const onDevice = useDeviceSearch(online ? undefined : organizationId, query, DROPDOWN_SIZE);
  if (onDevice) return { hits: onDevice, previous: false, onDevice: true, fetching: false, failed: false };
  return {
    hits: search.data,
    previous: search.isPlaceholderData,
    onDevice: false,
    fetching: search.isFetching,
    failed: search.isError,
  };
}
