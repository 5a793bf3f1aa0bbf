import { Alert, Center, Loader } from '@mantine/core';
import { useMemo } from 'react';
import { compareAddresses } from '../../../domain/location';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { RESULTS_PAGE_SIZE, useSearchProperties } from '../api/search-properties';
import { PropertyResultList } from './property-result-list';

/** Spec 2, /properties/search/{searchQuery}: the query plus the count, sorted by spec 5. */
export function SearchResults(props: { organizationId: string; query: string }) {
  const t = useTranslation();
  const search = useSearchProperties(props.organizationId, props.query, RESULTS_PAGE_SIZE);
  const results = useMemo(() => [...(search.data ?? [])].sort(compareAddresses), [search.data]);
  const count = search.data?.length;
  return (
    <>
      <PageHeader
        title={count === undefined ? props.query : t('search.title', { query: props.query, count })}
        description={
          count === undefined
            ? undefined
            : count === 0
              ? t('search.description.noResults', { query: props.query })
              : t(pluralKey('search.description.results', count), { count, query: props.query })
        }
      />
      {search.isFetching && !search.data && (
        <Center py="xl">
          <Loader aria-label={t('search.loading')} />
        </Center>
      )}
      {search.isError && (
        <Alert color="red" role="alert">
          {t('search.error')}
        </Alert>
      )}
      <PropertyResultList results={results} />
    </>
  );
}
