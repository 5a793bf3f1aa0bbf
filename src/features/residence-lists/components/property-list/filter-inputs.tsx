import { NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { memo, useMemo } from 'react';
import type { PropertyFilters } from '../../../../../shared/rules/property-filter';
import { useTranslation } from '../../../../i18n/use-translation';
import { STATUS_FILTER_OPTIONS } from './list-items';

export type OnFilter = (patch: Partial<PropertyFilters>) => void;

/**
 * One of the list's filters (docs/product.md 2): in the table's filter row, named by its
 * column (`inTable`), or with a visible label above the cards. Memoised, so that a keystroke
 * re-renders only the input typed in (docs/performance.md, "The big list").
 */
export const FilterInput = memo(function FilterInput(props: {
  field: Exclude<keyof PropertyFilters, 'status'>;
  value: string;
  label: string;
  placeholder?: string;
  inTable?: boolean;
  onFilter: OnFilter;
}) {
  const { field, onFilter } = props;
  return (
    <TextInput
      size={props.inTable ? 'xs' : undefined}
      {...(props.inTable ? { 'aria-label': props.label } : { label: props.label })}
      placeholder={props.placeholder}
      value={props.value}
      onChange={(e) => onFilter({ [field]: e.currentTarget.value })}
    />
  );
});

/** The status filter; the cards do not offer "approved from a later date" (a table column). */
export const StatusFilter = memo(function StatusFilter(props: {
  value: string;
  inTable?: boolean;
  onFilter: OnFilter;
}) {
  const t = useTranslation();
  const { inTable, onFilter } = props;
  const options = useMemo(
    () => [
      { value: '', label: t('propertiesList.filter.status.all') },
      ...STATUS_FILTER_OPTIONS.filter((s) => inTable || s !== 'approvedFuture').map((s) => ({
        value: s,
        label:
          s === 'approvedFuture'
            ? t('status.approvedFuture', { date: '…' })
            : t(`status.${s}` as 'status.draft'),
      })),
    ],
    [t, inTable],
  );
  return (
    <NativeSelect
      size={inTable ? 'xs' : undefined}
      {...(inTable
        ? { 'aria-label': t('propertiesList.filter.status') }
        : { label: t('propertiesList.filter.status') })}
      value={props.value}
      onChange={(e) => onFilter({ status: e.currentTarget.value })}
      data={options}
    />
  );
});

/** The filters above the cards on a phone, each with a visible label: street, number, status. */
export function CardFilters(props: { filters: PropertyFilters; onFilter: OnFilter }) {
  const t = useTranslation();
  const { filters, onFilter } = props;
  return (
    <SimpleGrid cols={2} spacing="xs" mb="sm">
      <FilterInput
        field="streetName"
        label={t('propertiesList.filter.streetName')}
        value={filters.streetName}
        onFilter={onFilter}
      />
      <FilterInput
        field="streetNumber"
        label={t('propertiesList.filter.streetNumber')}
        placeholder={t('propertiesList.filter.streetNumber.placeholder')}
        value={filters.streetNumber}
        onFilter={onFilter}
      />
      <StatusFilter value={filters.status} onFilter={onFilter} />
    </SimpleGrid>
  );
}
