import { Button, Group, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo } from 'react';
import type { PropertyRow } from '../../../../../shared/contract/dto';
import { hasFilters } from '../../../../../shared/rules/property-filter';
import { pluralKey } from '../../../../i18n/translate';
import { useTranslation } from '../../../../i18n/use-translation';
import { ExportButton } from '../../../../ui/export-button';
import { useBulkState } from '../../hooks/use-copy-flow';
import { useOfflineAvailability } from '../../hooks/use-offline-availability';
import { CopyActionBar } from './copy-action-bar';
import { CardFilters } from './filter-inputs';
import { toListItems } from './list-items';
import { PropertyCards } from './property-cards';
import { PropertyTable } from './property-table';
import { SelectionActionBar } from './selection-action-bar';
import { useCopySelection } from './use-copy-selection';
import { useListFilters } from './use-list-filters';
import type { DisplayStatus } from '../../../../../shared/rules/statuses';
import { useListSelection } from './use-list-selection';

/**
 * docs/product.md 2 "Other screens and parts", a department's residence list: a table from
 * breakpoint md with per-column filters, a card list on phones, select-all, one row per residence
 * by the duplicate rule, and the selection action bar. While copying (docs/product.md 4 "Bulk
 * mode") the checked rows are the copy's targets and the bar leads on to the /copy summary.
 */
export function PropertyList(props: {
  rows: readonly PropertyRow[];
  initialStatus?: DisplayStatus;
  /** The department the rows are, for the export of the list as filtered now. */
  exportScope?: { organizationId: string; departmentId: string };
}) {
  const t = useTranslation();
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const items = useMemo(() => toListItems(props.rows), [props.rows]);
  const { filters, visible, onFilter, clearFilters } = useListFilters(
    items,
    props.initialStatus ? { status: props.initialStatus } : undefined,
  );
  const bulk = useBulkState();
  const copying = bulk.mode === 'copying';
  const listSelection = useListSelection(items, visible);
  const copySelection = useCopySelection(props.rows, items, visible, bulk);
  const selection = copying ? copySelection : listSelection;
  const availability = useOfflineAvailability();

  const count = hasFilters(filters)
    ? t('propertiesList.countFiltered', { count: visible.length, total: items.length })
    : t(pluralKey('propertiesList.count', items.length), { count: items.length });

  return (
    <div>
      {!isDesktop && <CardFilters filters={filters} onFilter={onFilter} />}
      <Group justify="space-between" mb="xs" gap="xs">
        <Text role="status" size="sm">
          {count}
        </Text>
        <Group gap="xs" align="flex-start">
          {hasFilters(filters) && (
            <Button size="compact-sm" variant="subtle" onClick={clearFilters}>
              {t('propertiesList.filter.clear')}
            </Button>
          )}
          {props.exportScope && (
            <ExportButton path="/api/v2/ext/export/residences" query={{ ...props.exportScope, ...filters }} />
          )}
        </Group>
      </Group>
      {isDesktop ? (
        <PropertyTable
          items={visible}
          filters={filters}
          onFilter={onFilter}
          selection={selection}
          availability={availability}
        />
      ) : (
        <>
          <Group mb="xs">
            <Button size="compact-sm" variant="default" onClick={selection.toggleAll}>
              {selection.allSelected ? t('propertiesList.deselectAll') : t('propertiesList.selectAll')}
            </Button>
          </Group>
          <PropertyCards items={visible} selection={selection} availability={availability} />
        </>
      )}
      {visible.length === 0 && (
        <Text role="status" py="lg" ta="center">
          {items.length === 0 ? t('propertiesList.empty') : t('table.noResults')}
        </Text>
      )}
      {copying && <CopyActionBar state={bulk} />}
      {/* Outside the copy flow the selection is the list's own (listSelection). */}
      {!copying && selection.selectedItems.length > 0 && (
        <SelectionActionBar selection={selection} mode={bulk.mode} />
      )}
    </div>
  );
}
