import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect, useMemo, useRef } from 'react';
import type { PropertySearchResult } from '../../../api/dto';
import { RESULTS_PAGE_SIZE, searchPropertiesQueryOptions } from '../../../api/search-properties';
import { compareAddresses } from '../../../domain/location';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useOnline } from '../../../ui/use-online';
import { useDeviceSearch } from '../search/device-search';
import type { SearchSource } from '../search/search-source';
import { PropertyResultList } from './property-result-list';

interface SearchResultsProps {
  organizationId: string;
  query: string;
  /** The loader's choice (search-source.ts): the server's hits, or offline the device's. */
  source: SearchSource;
}

/** docs/product.md 2, /properties/search/{searchQuery}: the query plus the count, sorted by docs/product.md 5. */
export function SearchResults(props: SearchResultsProps) {
  return props.source === 'device' ? <DeviceSearchResults {...props} /> : <ServerSearchResults {...props} />;
}

function ServerSearchResults(props: SearchResultsProps) {
  const t = useTranslation();
  const { data } = useSuspenseQuery(
    searchPropertiesQueryOptions(props.organizationId, props.query.trim(), RESULTS_PAGE_SIZE),
  );
  const results = useMemo(() => [...data].sort(compareAddresses), [data]);
  const count = data.length;
  return (
    <>
      <PageHeader
        title={t('search.title', { query: props.query, count })}
        description={
          count === 0
            ? t('search.description.noResults', { query: props.query })
            : t(pluralKey('search.description.results', count), { count, query: props.query })
        }
      />
      <PropertyResultList results={results} />
    </>
  );
}

/**
 * Offline (issue 28): the residences on the device that the query finds, saying so in the title,
 * the description and a notice. When the connection returns the loader runs again and the
 * server's hits replace these, as a page not on the device opens by itself (RouteError).
 */
function DeviceSearchResults(props: SearchResultsProps) {
  const t = useTranslation();
  const router = useRouter();
  const online = useOnline();
  const results: readonly PropertySearchResult[] =
    useDeviceSearch(props.organizationId, props.query, RESULTS_PAGE_SIZE) ?? [];
  // Only the moment the connection returns: a server that is down must not be asked in a loop.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void router.invalidate();
    wasOnline.current = online;
  }, [online, router]);
  const count = results.length;
  return (
    <>
      <PageHeader
        title={t('search.offline.title', { query: props.query, count })}
        description={
          count === 0
            ? t('search.offline.description.noResults', { query: props.query })
            : t(pluralKey('search.offline.description.results', count), { count, query: props.query })
        }
      >
        <Alert color="yellow" role="status" mt="xs" icon={<IconCloudOff aria-hidden />}>
          {t('search.offline.notice')}
        </Alert>
      </PageHeader>
      <PropertyResultList results={results} />
    </>
  );
}
