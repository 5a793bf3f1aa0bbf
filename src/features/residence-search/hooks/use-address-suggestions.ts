import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { FRESH_WAIT_MS } from '../../../api/fresh-query';
import { ApiError } from '../../../api/http';
import { DROPDOWN_SIZE, useSearchProperties } from '../../../api/search-properties';
import { useOnline } from '../../../ui/use-online';
import { useWaitedFor } from '../../../ui/use-waited-for';
import { useState } from 'react';
import { useDeviceSearch } from '../device-search';
import { keepShownHits } from '../keep-shown-hits';

export interface AddressSuggestions {
  /** The first 15 hits; undefined until the first answer. */
  hits: readonly PropertySearchResult[] | undefined;
  /** The hits are an earlier query's, shown while this one is asked for. */
  previous: boolean;
  /**
   * The hits are the residences on the device (docs/architecture.md 2, "Taken along offline"):
   * offline, or online while the server has not answered (`serverSilent`).
   */
  onDevice: boolean;
  /** Online, but the server has not answered within FRESH_WAIT_MS, or its request found no network. */
  serverSilent: boolean;
  fetching: boolean;
  failed: boolean;
}

interface ShownHits {
  query: string;
  hits: readonly PropertySearchResult[];
}

/**
 * The first hits of an address search, for the header's box and the search page: online the
 * server's, offline the device's. Offline the server is not asked (the request could only fail).
 * Online, a server that has not answered within FRESH_WAIT_MS, or whose request found no network,
 * gets the device's hits shown meanwhile: on a connection that passes nothing the request only
 * fails at its time-out, 20 s later (docs/architecture.md 2, "Lie-fi is offline"). Its answer
 * takes their place when it comes, the rows on screen staying where they are (keepShownHits).
 */
export function useAddressSuggestions(organizationId: string, query: string): AddressSuggestions {
  const online = useOnline();
  const search = useSearchProperties(online ? organizationId : undefined, query, DROPDOWN_SIZE);
  // Only a search that is asked for fetches (useSearchProperties: online, three characters).
  const unanswered = search.isFetching && (search.data === undefined || search.isPlaceholderData);
  const slow = useWaitedFor(unanswered, query, FRESH_WAIT_MS);
  const noNetwork = search.isError && search.error instanceof ApiError && search.error.isNetworkFailure;
  const serverSilent = online && (slow || noNetwork);
  const onDevice = useDeviceSearch(
    online && !serverSilent ? undefined : organizationId,
    query,
    DROPDOWN_SIZE,
  );
  // The device's hits last shown because the server was silent: its late answer keeps them in
  // place. Kept during render, as React keeps what an earlier render showed.
  const [shownWhileSilent, setShownWhileSilent] = useState<ShownHits | null>(null);
  if (onDevice && serverSilent) {
    if (!sameShown(shownWhileSilent, query, onDevice)) setShownWhileSilent({ query, hits: onDevice });
  } else if (shownWhileSilent !== null && shownWhileSilent.query !== query) {
    // Another text: the same text typed again later gets the server's own order.
    setShownWhileSilent(null);
  }
  if (onDevice)
    return {
      hits: onDevice,
      previous: false,
      onDevice: true,
      serverSilent,
      fetching: search.isFetching,
      failed: false,
    };
  const late = shownWhileSilent?.query === query && search.data !== undefined && !search.isPlaceholderData;
  return {
    hits: late ? keepShownHits(shownWhileSilent.hits, search.data, DROPDOWN_SIZE) : search.data,
    previous: search.isPlaceholderData,
    onDevice: false,
    serverSilent: false,
    fetching: search.isFetching,
    failed: search.isError,
  };
}

/** Whether `shown` is already these hits of this query (by residence, in order). */
function sameShown(shown: ShownHits | null, query: string, hits: readonly PropertySearchResult[]): boolean {
  return (
    shown !== null &&
    shown.query === query &&
    shown.hits.length === hits.length &&
    shown.hits.every((hit, i) => hit === hits[i] || hit.residenceId === hits[i]!.residenceId)
  );
}
