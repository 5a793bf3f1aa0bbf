import { Button, Group, NativeSelect, SimpleGrid, Switch } from '@mantine/core';
import type { Department } from '../../../../shared/contract/dto';
import {
  ACTIVE_DISPLAY_STATUSES,
  ACTIVE_SORTS,
  hasActiveFilters,
  type ActiveListSearch,
} from '../../../../shared/rules/active-list-filters';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The active list's filters and order (docs/product.md 2 "/activeAssessments"); every change goes
 * into the URL (the route's search), which is what the list shows. "Kun mine" and the order by
 * last change need the authors the history extension adds: without them they are not offered.
 */
export function ActiveListFilters(props: {
  search: ActiveListSearch;
  onSearch: (next: ActiveListSearch) => void;
  /** The organization's departments that have active assessments, by name. */
  departments: readonly Department[];
  hasAuthors: boolean;
}) {
  const t = useTranslation();
  const { search, onSearch } = props;
  // Unset filters leave the URL rather than stand in it as empty values.
  const set = (patch: Partial<ActiveListSearch>) =>
    onSearch(
      Object.fromEntries(
        Object.entries({ ...search, ...patch }).filter(([, value]) => value !== undefined),
      ) as ActiveListSearch,
    );
  const sorts = ACTIVE_SORTS.filter((s) => props.hasAuthors || s !== 'changed');
  return (
    <section aria-label={t('activeAssessments.filter.heading')}>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm" mb="xs">
        <NativeSelect
          label={t('activeAssessments.filter.status')}
          value={search.status ?? ''}
          onChange={(e) =>
            set({ status: (e.currentTarget.value || undefined) as ActiveListSearch['status'] })
          }
          data={[
            { value: '', label: t('activeAssessments.filter.status.all') },
            ...ACTIVE_DISPLAY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
        />
        <NativeSelect
          label={t('activeAssessments.filter.department')}
          value={search.department ?? ''}
          onChange={(e) => set({ department: e.currentTarget.value || undefined })}
          data={[
            { value: '', label: t('activeAssessments.filter.department.all') },
            ...props.departments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
          ]}
        />
        <NativeSelect
          label={t('activeAssessments.sort')}
          value={search.sort ?? ''}
          onChange={(e) => set({ sort: (e.currentTarget.value || undefined) as ActiveListSearch['sort'] })}
          data={[
            { value: '', label: t('activeAssessments.sort.created') },
            ...sorts.map((s) => ({ value: s, label: t(`activeAssessments.sort.${s}`) })),
          ]}
        />
        {props.hasAuthors && (
          <Switch
            mt={{ md: 'lg' }}
            label={t('activeAssessments.filter.mine')}
            description={t('activeAssessments.filter.mine.description')}
            checked={search.mine === true}
            onChange={(e) => set({ mine: e.currentTarget.checked ? true : undefined })}
          />
        )}
      </SimpleGrid>
      {hasActiveFilters(search) && (
        <Group mb="sm">
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onSearch(search.sort ? { sort: search.sort } : {})}
          >
            {t('activeAssessments.filter.clear')}
          </Button>
        </Group>
      )}
    </section>
  );
}
