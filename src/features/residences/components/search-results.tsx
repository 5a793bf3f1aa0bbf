import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RESULTS_PAGE_SIZE, searchPropertiesQueryOptions } from '../../../api/search-properties';
import { compareAddresses } from '../../../domain/location';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { PropertyResultList } from './property-result-list';

/** docs/product.md 2, /properties/search/{searchQuery}: the query plus the count, sorted by docs/product.md 5. */
export function SearchResults(props: { organizationId: string; query: string }) {
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
