import { Button, Group, SimpleGrid, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { PropertyRow } from '../../../../../shared/contract/dto';
import { targetRoute } from '../../../../domain/bulk-mode';
import {
  approveBlock,
  copyBlock,
  type ActionBlock,
  editBlock,
  evaluateBlock,
  showsActionBar,
} from '../../../../domain/bulk-selection';
import {
  hasFilters,
  NO_FILTERS,
  propertyFilter,
  type PropertyFilters,
} from '../../../../domain/property-filter';
import { pluralKey } from '../../../../i18n/translate';
import { useTranslation } from '../../../../i18n/use-translation';
import { ActionBar } from '../../../../ui/action-bar';
import { TooltipReasonedButton } from '../../../../ui/reasoned-button';
import { useOnline } from '../../../../ui/use-online';
import { TakeAlongSelectionButton } from '../../take-along/components/take-along-buttons';
import { useOfflineAvailability } from '../../take-along/use-offline-availability';
import { useBulkState, useStartCopy } from '../../hooks/use-copy-flow';
import { useCurrentPath } from '../../hooks/use-current-path';
import { CopyActionBar } from './copy-action-bar';
import { FilterInput, StatusFilter } from './filter-inputs';
import { toListItems } from './list-items';
import { PropertyCards } from './property-cards';
import { PropertyTable } from './property-table';
import { useCopySelection } from './use-copy-selection';
import { useListSelection } from './use-list-selection';

/**
 * docs/product.md 2 "Property list": a table from breakpoint md with per-column filters, a card list
 * on phones, select-all, one row per residence by the duplicate rule, and the selection
 * action bar. While copying (docs/product.md 4 "Bulk mode") the checked rows are the copy's
 * targets and the bar leads on to the /copy summary.
 */
export function PropertyList(props: { rows: readonly PropertyRow[] }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const isDesktop = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const items = useMemo(() => toListItems(props.rows), [props.rows]);
  const [filters, setFilters] = useState<PropertyFilters>(NO_FILTERS);
  // One render per keystroke: filtering runs over search keys built once per data set, and
  // only the input typed in and the rows in view render (docs/performance.md, "The big list").
  // useDeferredValue was measured too: its second render and frame cost more than it saved.
  // Without filters the rows are the items themselves: the page's first render runs no filter
  // over every row and builds no second array of them.
  const visible = useMemo(() => {
    if (!hasFilters(filters)) return items;
    const matches = propertyFilter(filters);
    return items.filter((item) => matches(item.searchKey));
  }, [items, filters]);
  const bulk = useBulkState();
  const copying = bulk.mode === 'copying';
  const listSelection = useListSelection(items, visible);
  const copySelection = useCopySelection(props.rows, items, visible, bulk);
  const selection = copying ? copySelection : listSelection;
  const canWrite = useRouteContext({ from: '/_signedIn', select: (c) => c.session.canWrite });
  const online = useOnline();
  const here = useCurrentPath();
  const startCopy = useStartCopy();
  const availability = useOfflineAvailability();
  const onFilter = useCallback(
    (patch: Partial<PropertyFilters>) => setFilters((f) => ({ ...f, ...patch })),
    [],
  );

  const single = selection.selectedItems.length === 1 ? selection.selectedItems[0] : undefined;
  const openSingle = () => {
    if (!single) return;
    // docs/product.md 4: after a copy, Edit opens screening 001 of the selected assessment.
    const target = targetRoute(bulk.mode, single);
    if (target.kind === 'screening')
      void navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: { ...target, chapter: 'screening' },
      });
    else void navigate({ to: '/residence/$propertyId', params: { propertyId: target.propertyId } });
  };
  const copyBlocked = copyBlock(selection.selectedItems, online);
  const copy = () => {
    if (!single?.assessmentId || copyBlocked) return;
    const source = {
      propertyId: single.residenceId,
      assessmentId: single.assessmentId,
      status: single.displayStatus,
      location: single.location,
    };
    if (startCopy(source, here)) listSelection.clear();
  };
  // docs/product.md 4 and 5: Approve needs every selected residence calculated; /approve gets them
  // and this list's path in its navigation state (docs/product.md 2).
  const approveBlocked = approveBlock(selection.selectedItems, online);
  const approve = () => {
    if (approveBlocked) return;
    const properties = selection.selectedItems.flatMap((item) =>
      item.assessmentId
        ? [{ propertyId: item.residenceId, assessmentId: item.assessmentId, location: item.location }]
        : [],
    );
    void navigate({
      to: '/approve',
      state: { approve: { from: 'list', properties, origin: here }, origin: here },
    });
  };

  const count = hasFilters(filters)
    ? t('propertiesList.countFiltered', { count: visible.length, total: items.length })
    : t(pluralKey('propertiesList.count', items.length), { count: items.length });

  return (
    <div>
      {!isDesktop && (
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
      {!copying && selection.selectedItems.length > 0 && (
        <ActionBar label={t('propertiesList.actionBar.label')}>
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
              {/* docs/product.md 5 and 6: Copy for write users (the server refuses others). */}
              {canWrite && (
                <TooltipReasonedButton
                  label={t('propertiesList.action.copy')}
                  disabledReason={blockReason(
                    copyBlocked,
                    t('propertiesList.action.copy.disabled'),
                    t('bulkCopy.offline'),
                  )}
                  onClick={copy}
                />
              )}
              {/* docs/product.md 5: Edit needs one selected property with an assessment, Evaluate one without. */}
              <TooltipReasonedButton
                label={t('propertiesList.action.edit')}
                disabledReason={blockReason(
                  editBlock(selection.selectedItems),
                  t('propertiesList.action.edit.disabled'),
                )}
                onClick={openSingle}
              />
              <TooltipReasonedButton
                label={t('propertiesList.action.evaluate')}
                disabledReason={blockReason(
                  evaluateBlock(selection.selectedItems),
                  t('propertiesList.action.evaluate.disabled'),
                )}
                onClick={openSingle}
              />
              {/* "Tag med offline": the selected residences fetched for a day without signal. */}
              <TakeAlongSelectionButton
                residences={selection.selectedItems.map((item) => ({
                  id: item.residenceId,
                  location: item.location,
                }))}
                onStarted={listSelection.clear}
              />
              {/* docs/product.md 2, 5 and 6: Approve for write users, never on the approval and results pages. */}
              {canWrite && showsActionBar(here.split('?')[0]!) && (
                <TooltipReasonedButton
                  label={t('propertiesList.action.approve')}
                  disabledReason={blockReason(
                    approveBlocked,
                    t('propertiesList.action.approve.disabled'),
                    t('bulkApprove.offline'),
                  )}
                  onClick={approve}
                />
              )}
            </Group>
          </Group>
        </ActionBar>
      )}
    </div>
  );
}

/** What the disabled button says for its block: the selection's rule or the missing network. */
function blockReason(block: ActionBlock, selectionReason: string, offlineReason: string | null = null) {
  return block === 'selection' ? selectionReason : block === 'offline' ? offlineReason : null;
}
