import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { Link, useRouteContext, useRouterState } from '@tanstack/react-router';
import type { AssessmentListEntry } from '../../../../shared/contract/dto';
import { hasActiveFilters, type ActiveListSearch } from '../../../../shared/rules/active-list-filters';
import { pluralKey } from '../../../i18n/translate';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { AssessmentEntryLink } from '../../../ui/assessment-entry-link';
import classes from '../../../ui/link-cards.module.css';
import { useActiveList } from '../hooks/use-active-list';
import { ExportButton } from '../../../ui/export-button';
import { ActiveListFilters } from './active-list-filters';

/**
 * docs/product.md 2, /activeAssessments: the organization's assessments that are not approved yet, each with
 * its address leading to the residence and a way straight into the assessment (the resume route,
 * docs/architecture.md 2 "Routes own access and data"), filtered and ordered as the URL says
 * (shared/rules/active-list-filters.ts), the count in the title following the filters.
 */
export function ActiveAssessments(props: {
  organizationId: string;
  search: ActiveListSearch;
  onSearch: (next: ActiveListSearch) => void;
}) {
  const t = useTranslation();
  const { all, shown, search, departments, hasAuthors } = useActiveList(props.organizationId, props.search);
  // Back from a residence returns to the list as filtered (the header's back link).
  const here = useRouterState({ select: (s) => `${s.location.pathname}${s.location.searchStr}` });
  let count = t(pluralKey('activeAssessments.count', all.length), { count: all.length });
  if (hasActiveFilters(search))
    count =
      shown.length === 0
        ? t('activeAssessments.noMatch')
        : t('activeAssessments.countFiltered', { count: shown.length, total: all.length });
  return (
    <>
      <PageHeader
        title={t('activeAssessments.titleCount', { count: shown.length })}
        description={t('activeAssessments.description')}
      />
      {all.length === 0 ? (
        <Text role="status">{t('activeAssessments.empty')}</Text>
      ) : (
        <>
          <ActiveListFilters
            search={search}
            onSearch={props.onSearch}
            departments={departments}
            hasAuthors={hasAuthors}
          />
          <Group justify="space-between" align="flex-start" mb="sm" gap="xs">
            <Text size="sm" role="status">
              {count}
            </Text>
            <ExportButton
              path="/api/v2/ext/export/active"
              query={{ organizationId: props.organizationId, ...search }}
            />
          </Group>
        </>
      )}
      <Stack component="ul" gap="xs" className={classes.list}>
        {shown.map((a) => (
          <ActiveAssessmentRow key={a.assessmentId} entry={a} origin={here} />
        ))}
      </Stack>
    </>
  );
}

/** One active assessment: its address to the residence, its status and last change, the way in. */
function ActiveAssessmentRow({ entry: a, origin }: { entry: AssessmentListEntry; origin: string }) {
  const t = useTranslation();
  const canWrite = useRouteContext({ from: '/_signedIn', select: (c) => c.session.canWrite });
  const status = displayStatus(a.assessmentStatus, a.isCalculated, a.futureApprovedDate);
  return (
    <Paper component="li" withBorder radius="md" p="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <div>
          <Anchor
            fw={600}
            renderRoot={(rootProps) => (
              <Link
                {...rootProps}
                to="/residence/$propertyId"
                params={{ propertyId: a.propertyId }}
                state={{ origin }}
              />
            )}
          >
            {a.location}
          </Anchor>
          <Group gap="xs" mt={2}>
            <Text size="sm">
              {t('residence.assessmentCard.title')} {formatShortDate(a.createdAt)}
            </Text>
            <StatusBadge status={status} futureApprovedDate={a.futureApprovedDate} />
          </Group>
          {a.changedAt && a.changedByName && (
            <Text size="xs" c="dimmed" mt={2}>
              {t('activeAssessments.changed', { date: formatShortDate(a.changedAt), name: a.changedByName })}
            </Text>
          )}
        </div>
        <AssessmentEntryLink
          propertyId={a.propertyId}
          assessmentId={a.assessmentId}
          status={status}
          canWrite={canWrite}
          quiet
          accessibleName={(action) => t('activeAssessments.actionLabel', { action, location: a.location })}
        />
      </Group>
    </Paper>
  );
}
