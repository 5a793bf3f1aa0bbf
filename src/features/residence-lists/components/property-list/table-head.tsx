import { Checkbox } from '@mantine/core';
import { memo } from 'react';
import type { PropertyFilters } from '../../../../../shared/rules/property-filter';
import { useTranslation } from '../../../../i18n/use-translation';
import { FilterInput, StatusFilter, type OnFilter } from './filter-inputs';
import classes from './property-list.module.css';

/** Memoised with a stable `toggleAll` (useLatest), so that a keystroke does not render it. */
const SelectAll = memo(function SelectAll(props: {
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
}) {
  const t = useTranslation();
  return (
    <Checkbox
      aria-label={props.allSelected ? t('propertiesList.deselectAll') : t('propertiesList.selectAll')}
      checked={props.allSelected}
      indeterminate={props.someSelected}
      onChange={props.toggleAll}
    />
  );
});

/** Column headers and the filter row; a keystroke renders them, but of their inputs only the one typed in. */
export const TableHead = memo(function TableHead(props: {
  filters: PropertyFilters;
  onFilter: OnFilter;
  allSelected: boolean;
  someSelected: boolean;
  toggleAll: () => void;
}) {
  const t = useTranslation();
  const { filters, onFilter } = props;
  const filterInput = (
    field: Exclude<keyof PropertyFilters, 'status'>,
    label: string,
    placeholder = t('propertiesList.filter.placeholder'),
  ) => (
    <FilterInput
      field={field}
      value={filters[field]}
      label={label}
      placeholder={placeholder}
      inTable
      onFilter={onFilter}
    />
  );
  return (
    <thead className={classes.head}>
      <tr>
        <th className={classes.check} scope="col">
          <SelectAll
            allSelected={props.allSelected}
            someSelected={props.someSelected}
            toggleAll={props.toggleAll}
          />
        </th>
        <th scope="col">{t('propertiesList.column.streetName')}</th>
        <th scope="col">{t('propertiesList.column.streetNumber')}</th>
        <th scope="col">{t('propertiesList.column.floor')}</th>
        <th scope="col">{t('propertiesList.column.door')}</th>
        <th scope="col">{t('propertiesList.column.zipCode')}</th>
        <th scope="col">{t('propertiesList.column.status')}</th>
      </tr>
      <tr className={classes.filterRow}>
        <td />
        <td>{filterInput('streetName', t('propertiesList.filter.streetName'))}</td>
        <td>
          {filterInput(
            'streetNumber',
            t('propertiesList.filter.streetNumber'),
            t('propertiesList.filter.streetNumber.placeholder'),
          )}
        </td>
        <td>{filterInput('floor', t('propertiesList.filter.floor'))}</td>
        <td>{filterInput('door', t('propertiesList.filter.door'))}</td>
        <td>{filterInput('zipCode', t('propertiesList.filter.zipCode'))}</td>
        <td>
          <StatusFilter value={filters.status} inTable onFilter={onFilter} />
        </td>
      </tr>
    </thead>
  );
});
