import { Button, Group, NativeSelect, SimpleGrid, Text, TextInput, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { PropertyRow } from '../../../../api/dto';
import {
  hasFilters,
  NO_FILTERS,
  propertyFilter,
  type PropertyFilters,
} from '../../../../domain/property-filter';
import { pluralKey } from '../../../../i18n/translate';
import { useTranslation } from '../../../../i18n/use-translation';
import { STATUS_FILTER_OPTIONS, toListItems } from './list-items';
import { PropertyCards } from './property-cards';
import classes from './property-list.module.css';
import { PropertyTable } from './property-table';
import { useListSelection } from './use-list-selection';

/**
 * docs/product.md 2 "Property list": a table from breakpoint md with per-column filters, a card list
 * on phones, select-all, one row per residence by the duplicate rule, and the selection
 * action bar (Copy and Approve come with the bulk flows).
 */
export function PropertyList(props: { rows: readonly PropertyRow[] }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const items = useMemo(() => toListItems(props.rows), [props.rows]);
  const [filters, setFilters] = useState<PropertyFilters>(NO_FILTERS);
  // Filtering 2,000 rows takes a millisecond; rendering the rows in view is the cost (bench:list).
  const visible = useMemo(() => items.filter(propertyFilter(filters)), [items, filters]);
  const selection = useListSelection(items, visible);
  const onFilter = useCallback(
    (patch: Partial<PropertyFilters>) => setFilters((f) => ({ ...f, ...patch })),
    [],
  );

  const single = selection.selectedItems.length === 1 ? selection.selectedItems[0] : undefined;
  const openSingle = () => {
    if (single) void navigate({ to: '/residence/$propertyId', params: { propertyId: single.residenceId } });
  };

  const count = hasFilters(filters)
    ? t('propertiesList.countFiltered', { count: visible.length, total: items.length })
    : t(pluralKey('propertiesList.count', items.length), { count: items.length });

  return (
    <div>
      {!isDesktop && (
        <SimpleGrid cols={2} spacing="xs" mb="sm">
          <TextInput
            label={t('propertiesList.filter.streetName')}
            value={filters.streetName}
            onChange={(e) => onFilter({ streetName: e.currentTarget.value })}
          />
          <TextInput
            label={t('propertiesList.filter.streetNumber')}
            placeholder={t('propertiesList.filter.streetNumber.placeholder')}
            value={filters.streetNumber}
            onChange={(e) => onFilter({ streetNumber: e.currentTarget.value })}
          />
          <NativeSelect
            label={t('propertiesList.filter.status')}
            value={filters.status}
            onChange={(e) => onFilter({ status: e.currentTarget.value })}
            data={[
              { value: '', label: t('propertiesList.filter.status.all') },
              ...STATUS_FILTER_OPTIONS.filter((s) => s !== 'approvedFuture').map((s) => ({
                value: s,
                label: t(`status.${s}` as 'status.draft'),
              })),
            ]}
          />
        </SimpleGrid>
      )}
      <Group justify="space-between" mb="xs" gap="xs">
        <Text role="status" size="sm">
          {count}
        </Text>
        {hasFilters(filters) && (
          <Button size="compact-sm" variant="subtle" onClick={() => setFilters(NO_FILTERS)}>
            {t('propertiesList.filter.clear')}
          </Button>
        )}
      </Group>
      {isDesktop ? (
        <PropertyTable items={visible} filters={filters} onFilter={onFilter} selection={selection} />
      ) : (
        <>
          <Group mb="xs">
            <Button size="compact-sm" variant="default" onClick={selection.toggleAll}>
              {selection.allSelected ? t('propertiesList.deselectAll') : t('propertiesList.selectAll')}
            </Button>
          </Group>
          <PropertyCards items={visible} selection={selection} />
        </>
      )}
      {visible.length === 0 && (
        <Text role="status" py="lg" ta="center">
          {items.length === 0 ? t('propertiesList.empty') : t('table.noResults')}
        </Text>
      )}
      {selection.selectedItems.length > 0 && (
        <div className={classes.actionBar} role="region" aria-label={t('propertiesList.actionBar.label')}>
          <Group justify="space-between" gap="xs">
            <Text fw={600}>
              {t(pluralKey('propertiesList.selected', selection.selectedItems.length), {
                count: selection.selectedItems.length,
              })}
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={selection.clear}>
                {t('propertiesList.action.cancel')}
              </Button>
              <ActionButton
                label={t('propertiesList.action.edit')}
                disabledReason={single?.assessmentId ? null : t('propertiesList.action.edit.disabled')}
                onClick={openSingle}
              />
              <ActionButton
                label={t('propertiesList.action.evaluate')}
                disabledReason={
                  single && !single.assessmentId ? null : t('propertiesList.action.evaluate.disabled')
                }
                onClick={openSingle}
              />
            </Group>
          </Group>
        </div>
      )}
    </div>
  );
}

/** docs/product.md 5: Edit needs one selected property with an assessment, Evaluate one without. */
function ActionButton(props: { label: string; disabledReason: string | null; onClick: () => void }) {
  if (props.disabledReason === null) return <Button onClick={props.onClick}>{props.label}</Button>;
  return (
    <Tooltip label={props.disabledReason} events={{ hover: true, focus: true, touch: true }}>
      <Button data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
        {props.label}
      </Button>
    </Tooltip>
  );
}
