import { Alert, Button, Group, Text } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useInfiniteQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { searchResultsQueryOptions } from '../../../api/search-properties';
import { compareAddresses } from '../../../../shared/rules/location';
import { shownTotal, type SearchTotal } from '../../../../shared/rules/search-total';
import { formatCount } from '../../../i18n/format-count';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useOnline } from '../../../ui/use-online';
import { useDeviceSearch } from '../device-search';
import type { SearchSource } from '../search-source';
import { totalPluralKey, totalText } from '../total-text';
import { SearchHitList } from './search-hit-list';

interface SearchResultsProps {
  organizationId: string;
  query: string;
  /** The loader's choice (search-source.ts): the server's hits, or offline the device's. */
  source: SearchSource;
}

/**
 * docs/product.md 2, /properties/search/{searchQuery}: the query plus the number of hits in all,
 * sorted by docs/product.md 5.
 */
export function SearchResults(props: SearchResultsProps) {
  return props.source === 'device' ? <DeviceSearchResults {...props} /> : <ServerSearchResults {...props} />;
}

/** The title and description of a page of results; `offline` says that only the device was searched. */
function useResultsHeading(query: string, total: SearchTotal, offline: boolean) {
  const t = useTranslation();
  const count = totalText(t, total);
  if (offline)
    return {
      title: t('search.offline.title', { query, count }),
      description:
        total.count === 0
          ? t('search.offline.description.noResults', { query })
          : t(totalPluralKey('search.offline.description.results', total), { count, query }),
    };
  return {
    title: t('search.title', { query, count }),
    description:
      total.count === 0
        ? t('search.description.noResults', { query })
        : t(totalPluralKey('search.description.results', total), { count, query }),
  };
}

/**
 * The server's hits, a page at a time: the next page is asked for as the list nears its end, or
 * with "Vis flere". The count is the server's total (docs/api.md, X-Total-Count), never the
 * number of hits that have arrived.
 */
function ServerSearchResults(props: SearchResultsProps) {
  const t = useTranslation();
  const { data, hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } =
    useSuspenseInfiniteQuery(searchResultsQueryOptions(props.organizationId, props.query.trim()));
  const results = useMemo(() => data.pages.flatMap((page) => page.hits).sort(compareAddresses), [data]);
  const total = shownTotal(data.pages.at(-1)?.total ?? null, results.length, !hasNextPage);
  const heading = useResultsHeading(props.query, total, false);
  // A failed page waits for "Vis flere": asking again by itself would repeat the failure.
  const canLoad = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const loadAhead = useCallback(() => {
    if (canLoad) void fetchNextPage();
  }, [canLoad, fetchNextPage]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);
  const clearFocus = useCallback(() => setFocusIndex(null), []);
  return (
    <>
      <PageHeader title={heading.title} description={heading.description} />
      <SearchHitList hits={results} onNearEnd={loadAhead} focusIndex={focusIndex} onFocused={clearFocus} />
      {hasNextPage && (
        <Group justify="space-between" mt="md">
          <Text size="sm" c="dimmed">
            {t('search.shown', { shown: formatCount(results.length), total: totalText(t, total) })}
          </Text>
          <Button
            variant="light"
            loading={isFetchingNextPage}
            onClick={() => {
              // Focus goes on to the first hit the click brings (this button may then be gone).
              setFocusIndex(results.length);
              void fetchNextPage();
            }}
          >
            {t('search.showMore')}
          </Button>
        </Group>
      )}
      {isFetchNextPageError && (
        <Text role="alert" c="red.9" mt="xs">
          {t('search.error')}
        </Text>
      )}
    </>
  );
}

/**
 * Offline, or online while the server has not answered (search-source.ts; docs/architecture.md 2):
 * every residence on the device that the query finds, saying so in the title, the description and
 * a notice; the count is all of them. When the connection returns, or the server's answer lands
 * in the cache, the loader runs again and the server's hits replace these, as a page not on the
 * device opens by itself (RouteError).
 */
function DeviceSearchResults(props: SearchResultsProps) {
  const t = useTranslation();
  const router = useRouter();
  const online = useOnline();
  const results: readonly PropertySearchResult[] =
    useDeviceSearch(props.organizationId, props.query, Number.POSITIVE_INFINITY) ?? [];
  // Only the moment the connection returns: a server that is down must not be asked in a loop.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) void router.invalidate();
    wasOnline.current = online;
  }, [online, router]);
  // The loader's request, still on its way when the page gave up waiting: watched, never sent again.
  const late = useInfiniteQuery({
    ...searchResultsQueryOptions(props.organizationId, props.query.trim()),
    enabled: false,
  });
  const answered = late.data !== undefined;
  useEffect(() => {
    if (online && answered) void router.invalidate();
  }, [online, answered, router]);
  const heading = useResultsHeading(props.query, { count: results.length, exact: true }, true);
  return (
    <>
      <PageHeader title={heading.title} description={heading.description}>
        <Alert color="yellow" role="status" mt="xs" icon={<IconCloudOff aria-hidden />}>
          {t(online ? 'search.serverSilent.notice' : 'search.offline.notice')}
        </Alert>
      </PageHeader>
      <SearchHitList hits={results} />
    </>
  );
}
