import { Combobox, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useLocation, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { INVALID_RESIDENCE_ID } from '../../../../shared/rules/location';
import { useTranslation } from '../../../i18n/use-translation';
import { MIN_SEARCH_LENGTH, SEARCH_DEBOUNCE_MS } from '../../../api/search-properties';
import { useAddressSuggestions, type AddressSuggestions } from '../hooks/use-address-suggestions';

/** The last option of a dropdown with hits: every hit on the results page. Not a residence id. */
const SHOW_ALL = 'show-all';

/** docs/product.md 9: the box is at most 352 px wide on the property pages, 288 px elsewhere. */
export const searchBoxWidth = (pathname: string) => (/\/properties(\/|$)/.test(pathname) ? 352 : 288);

/**
 * docs/product.md 2 "Other screens and parts", the address search box: suggestions in a dropdown
 * (15, at most about 20rem high), a loading indicator, search.noResults and search.error; Enter
 * opens the results page. Offline, or while the server does not answer, the suggestions are the
 * residences on the device, and the dropdown says so.
 */
export function PropertySearchBox(props: { organizationId: string }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const maxWidth = searchBoxWidth(useLocation({ select: (location) => location.pathname }));
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [value, setValue] = useState('');
  const [debounced] = useDebouncedValue(value.trim(), SEARCH_DEBOUNCE_MS);
  const suggestions = useAddressSuggestions(props.organizationId, debounced);
  const ready = debounced.length >= MIN_SEARCH_LENGTH;

  // Enter with too little to search opens the search page (/properties, docs/product.md 2) with
  // what was typed, where the page says what is missing and offers the other ways to a residence.
  const openResults = () => {
    const text = value.trim();
    combobox.closeDropdown();
    if (text.length < MIN_SEARCH_LENGTH)
      void navigate({ to: '/properties', search: text ? { q: text } : {} });
    else void navigate({ to: '/properties/search/$searchQuery', params: { searchQuery: text } });
  };

  return (
    <Combobox
      store={combobox}
      onOptionSubmit={(residenceId) => {
        if (residenceId === SHOW_ALL) {
          openResults();
          return;
        }
        combobox.closeDropdown();
        setValue('');
        void navigate({ to: '/residence/$propertyId', params: { propertyId: residenceId } });
      }}
    >
      <Combobox.Target>
        <TextInput
          aria-label={t('header.search.label')}
          placeholder={t('header.search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          rightSection={
            suggestions.fetching ? <Loader size="xs" role="status" aria-label={t('search.loading')} /> : null
          }
          value={value}
          w="100%"
          maw={maxWidth}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && combobox.getSelectedOptionIndex() === -1) {
              e.preventDefault();
              openResults();
            }
          }}
        />
      </Combobox.Target>
      <SuggestionsDropdown hidden={!ready} suggestions={suggestions} query={debounced} />
    </Combobox>
  );
}

/**
 * The box's dropdown: the hits, or why there are none, and the way to every hit. Offline it says
 * that only the device was searched.
 */
function SuggestionsDropdown(props: { hidden: boolean; suggestions: AddressSuggestions; query: string }) {
  const t = useTranslation();
  const { hits } = props.suggestions;
  return (
    <Combobox.Dropdown hidden={props.hidden}>
      {props.suggestions.onDevice && (
        <Combobox.Header>
          <Text size="xs" c="dimmed">
            {t(props.suggestions.serverSilent ? 'header.search.serverSilent' : 'header.search.offline')}
          </Text>
        </Combobox.Header>
      )}
      <Combobox.Options mah="20rem" style={{ overflowY: 'auto' }} aria-label={t('header.search.label')}>
        {props.suggestions.failed ? (
          <Combobox.Empty>{t('search.error')}</Combobox.Empty>
        ) : hits?.length === 0 ? (
          <Combobox.Empty>{t('search.noResults')}</Combobox.Empty>
        ) : (
          <>
            {hits?.map((r) => (
              <Combobox.Option
                value={r.residenceId}
                key={r.residenceId}
                disabled={r.residenceId === INVALID_RESIDENCE_ID}
              >
                {r.location}
              </Combobox.Option>
            ))}
            {/* Enter does the same, but a phone's keyboard may not say so. */}
            {hits && hits.length > 0 && (
              <Combobox.Option value={SHOW_ALL} fw={600}>
                {t('header.search.showAll', { query: props.query })}
              </Combobox.Option>
            )}
          </>
        )}
      </Combobox.Options>
    </Combobox.Dropdown>
  );
}
