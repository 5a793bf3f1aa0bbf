import { Alert, Anchor, Box, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCloudOff, IconSearch } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../../api/search-properties';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useAddressSuggestions } from '../hooks/use-address-suggestions';
import { DepartmentsCard, NearbyCard } from '../../../ui/nav-cards';
import { PropertyResultList } from './property-result-list';

/**
 * docs/product.md 2, `/properties`: the property search as a page of its own. The header's box
 * leads here when Enter is pressed with too little to search; on the page the box has the room
 * the header does not give a phone, and the hits stay in view under it instead of in a dropdown
 * that the keyboard covers. The text lives in the URL (`?q=`), so a reload or Back keeps it.
 * With nothing typed the page offers the other ways to a residence.
 */
export function PropertySearchPage(props: {
  organizationId: string;
  query: string;
  onQueryChange: (query: string) => void;
}) {
  const t = useTranslation();
  const [value, setValue] = useState(props.query);
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const { query, onQueryChange } = props;
  // Only a change: the text the page opened with is in the URL already.
  useEffect(() => {
    if (debounced !== query) onQueryChange(debounced);
  }, [debounced, query, onQueryChange]);
  const input = useRef<HTMLInputElement>(null);
  // The user came here to type (often straight from the header's box): the caret goes on.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.focus({ preventScroll: true });
    box.setSelectionRange(box.value.length, box.value.length);
  }, []);

  return (
    <>
      <PageHeader title={t('propertySearch.title')} description={t('propertySearch.description')} />
      <form role="search" onSubmit={(event) => event.preventDefault()} aria-label={t('propertySearch.title')}>
        <TextInput
          ref={input}
          type="search"
          size="md"
          maw={352}
          label={t('header.search.label')}
          placeholder={t('header.search.placeholder')}
          leftSection={<IconSearch size={18} aria-hidden />}
          value={value}
          onChange={(event) => setValue(event.currentTarget.value)}
          autoComplete="off"
          enterKeyHint="search"
        />
      </form>
      <Box mt="lg">
        {debounced === '' ? (
          <OtherWays />
        ) : (
          <SearchHits organizationId={props.organizationId} query={debounced} />
        )}
      </Box>
    </>
  );
}

/** The first hits of a query, the way to all of them, and what the search is doing meanwhile. */
function SearchHits(props: { organizationId: string; query: string }) {
  const t = useTranslation();
  const ready = props.query.length >= MIN_SEARCH_LENGTH;
  const suggestions = useAddressSuggestions(props.organizationId, props.query);
  // Under the box, an earlier query's hits would read as this one's: "Søger …" until it answers.
  const hits = suggestions.previous ? undefined : suggestions.hits;

  let state: ReactNode;
  if (!ready) state = <Text role="status">{t('header.search.minChars')}</Text>;
  else if (suggestions.failed)
    state = (
      <Text role="alert" c="red.9">
        {t('search.error')}
      </Text>
    );
  else if (!hits)
    state = (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-hidden />
        <Text>{t('search.loading')}</Text>
      </Group>
    );
  else if (hits.length === 0) state = <Text role="status">{t('search.noResults')}</Text>;
  else
    state = (
      <Text role="status" c="dimmed" size="sm">
        {t(pluralKey('propertySearch.shown', hits.length), { count: hits.length })}
      </Text>
    );

  return (
    <Stack gap="sm">
      {suggestions.onDevice && (
        <Alert color="yellow" icon={<IconCloudOff aria-hidden />}>
          {t(suggestions.serverSilent ? 'search.serverSilent.notice' : 'search.offline.notice')}
        </Alert>
      )}
      {state}
      {ready && hits && hits.length > 0 && (
        <>
          <PropertyResultList results={hits} />
          <Anchor
            fw={600}
            renderRoot={(rootProps) => (
              <Link
                {...rootProps}
                to="/properties/search/$searchQuery"
                params={{ searchQuery: props.query }}
              />
            )}
          >
            {t('header.search.showAll', { query: props.query })}
          </Anchor>
        </>
      )}
    </Stack>
  );
}

/** With nothing typed: the two other ways to a residence (docs/product.md 1). */
function OtherWays() {
  const t = useTranslation();
  return (
    <>
      <Text mb="sm">{t('propertySearch.otherWays')}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} maw={720}>
        <DepartmentsCard />
        <NearbyCard />
      </SimpleGrid>
    </>
  );
}
