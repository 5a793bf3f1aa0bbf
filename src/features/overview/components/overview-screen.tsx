import { Anchor, NativeSelect, Progress, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { DepartmentOverview } from '../../../../shared/contract/overview';
import type { DisplayStatus } from '../../../../shared/rules/statuses';
import { overviewQueryOptions } from '../../../api/get-overview';
import { SidewaysScroll } from '../../../ui/sideways-scroll';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPercent, formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { SuitabilityChart } from './suitability-chart';
import { STATUS_COLUMNS, statusColor, totalsOf } from '../overview-figures';

/**
 * The organization's overview (docs/api.md "Extensions"): per department how many residences
 * stand at each status, each number a link to the department's list filtered by it, a bar per
 * department to read at a glance, and how suitable the approved residences are per handicap
 * group, as a chart with its numbers beside it.
 */
/** How many days of later approvals a row names. */
const LATER_DAYS_SHOWN = 2;

export function OverviewScreen(props: { organizationId: string }) {
  const t = useTranslation();
  const { data } = useSuspenseQuery(overviewQueryOptions(props.organizationId));
  const total = useMemo(() => totalsOf(data.departments), [data.departments]);
  // The columns of statuses no residence has are left out (ready and rejected are rare).
  const columns = STATUS_COLUMNS.filter(
    (status) => status === 'notStarted' || status === 'approved' || total.statuses[status] > 0,
  );
  return (
    <Stack gap="xl">
      <PageHeader title={t('overview.title')} description={t('overview.intro')} />
      <section aria-labelledby="overview-departments">
        <Title order={2} size="h3" id="overview-departments" mb="sm">
          {t('overview.departments.heading')}
        </Title>
        <Table.ScrollContainer minWidth={720}>
          <Table striped highlightOnHover verticalSpacing="xs" aria-labelledby="overview-departments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('overview.column.department')}</Table.Th>
                <Table.Th scope="col" ta="right">
                  {t('overview.column.residences')}
                </Table.Th>
                {columns.map((status) => (
                  <Table.Th scope="col" ta="right" key={status}>
                    {t(`overview.status.${status}`)}
                  </Table.Th>
                ))}
                <Table.Th scope="col" ta="right">
                  {t('overview.column.assessed')}
                </Table.Th>
                <Table.Th scope="col">{t('overview.column.distribution')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.departments.map((department) => (
                <DepartmentRow key={department.departmentId} department={department} columns={columns} />
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th scope="row">{t('overview.total')}</Table.Th>
                <Table.Td ta="right">{total.residences}</Table.Td>
                {columns.map((status) => (
                  <Table.Td ta="right" key={status}>
                    {total.statuses[status]}
                  </Table.Td>
                ))}
                <Table.Td ta="right">
                  {t('overview.percent', { percent: formatPercent(total.assessedShare) })}
                </Table.Td>
                <Table.Td>
                  <Distribution department={total} columns={columns} />
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </Table.ScrollContainer>
      </section>
      <Suitability departments={data.departments} />
    </Stack>
  );
}

function DepartmentRow(props: { department: DepartmentOverview; columns: readonly DisplayStatus[] }) {
  const t = useTranslation();
  const d = props.department;
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={500}>
        <Anchor
          renderRoot={(rootProps) => (
            <Link
              {...rootProps}
              to="/departments/properties/$departmentId"
              params={{ departmentId: d.departmentId }}
            />
          )}
        >
          {d.departmentName}
        </Anchor>
      </Table.Th>
      <Table.Td ta="right">{d.residences}</Table.Td>
      {props.columns.map((status) => (
        <Table.Td ta="right" key={status}>
          {d.statuses[status] === 0 ? (
            '0'
          ) : (
            <Anchor
              renderRoot={(rootProps) => (
                <Link
                  {...rootProps}
                  to="/departments/properties/$departmentId"
                  params={{ departmentId: d.departmentId }}
                  search={{ status }}
                />
              )}
              aria-label={t('overview.statusLink', {
                count: d.statuses[status],
                status: t(`overview.status.${status}`),
                department: d.departmentName,
              })}
            >
              {d.statuses[status]}
            </Anchor>
          )}
          {status === 'approvedFuture' && d.laterApprovals.length > 0 && (
            <Text size="xs" c="dimmed">
              <LaterDays days={d.laterApprovals} />
            </Text>
          )}
        </Table.Td>
      ))}
      <Table.Td ta="right">{t('overview.percent', { percent: formatPercent(d.assessedShare) })}</Table.Td>
      <Table.Td>
        <Distribution department={d} columns={props.columns} />
      </Table.Td>
    </Table.Tr>
  );
}

/** The first days later approvals take effect, and how many days more (the list can be long). */
function LaterDays(props: { days: DepartmentOverview['laterApprovals'] }) {
  const t = useTranslation();
  const shown = props.days.slice(0, LATER_DAYS_SHOWN);
  const text = shown
    .map((day) => t('overview.laterDay', { date: formatShortDate(day.date), count: day.count }))
    .join(', ');
  const more = props.days.length - shown.length;
  return <>{more > 0 ? t('overview.laterDays.more', { days: text, more }) : text}</>;
}

/** The row's shares as one bar, for the eye: the numbers beside it say the same. */
function Distribution(props: {
  department: Pick<DepartmentOverview, 'residences' | 'statuses'>;
  columns: readonly DisplayStatus[];
}) {
  const t = useTranslation();
  const { residences, statuses } = props.department;
  if (residences === 0) return null;
  return (
    <Progress.Root size="lg" miw={140} aria-hidden>
      {props.columns.map((status) =>
        statuses[status] === 0 ? null : (
          <Tooltip key={status} label={`${t(`overview.status.${status}`)}: ${statuses[status]}`}>
            <Progress.Section value={(100 * statuses[status]) / residences} color={statusColor(status)} />
          </Tooltip>
        ),
      )}
    </Progress.Root>
  );
}

/** Per handicap group, how the approved residences fare: the whole organization or one department. */
function Suitability(props: { departments: readonly DepartmentOverview[] }) {
  const t = useTranslation();
  const [departmentId, setDepartmentId] = useState('');
  const chosen = departmentId
    ? props.departments.filter((d) => d.departmentId === departmentId)
    : props.departments;
  const groups = totalsOf(chosen).suitability;
  const approved = chosen.reduce((sum, d) => sum + d.statuses.approved, 0);
  return (
    <section aria-labelledby="overview-suitability">
      <Title order={2} size="h3" id="overview-suitability">
        {t('overview.suitability.heading')}
      </Title>
      <Text c="dimmed" size="sm" mb="sm">
        {t('overview.suitability.intro', { count: approved })}
      </Text>
      <NativeSelect
        label={t('overview.suitability.department')}
        value={departmentId}
        onChange={(event) => setDepartmentId(event.currentTarget.value)}
        data={[
          { value: '', label: t('overview.suitability.all') },
          ...props.departments.map((d) => ({ value: d.departmentId, label: d.departmentName })),
        ]}
        maw={360}
        mb="md"
      />
      <SuitabilityChart groups={groups} />
      {/* Five columns, one of them long group names: wider than a phone, so it scrolls by itself. */}
      <SidewaysScroll label={t('overview.suitability.table')}>
        <Table verticalSpacing="xs" aria-labelledby="overview-suitability" mt="md">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('overview.suitability.group')}</Table.Th>
              <Table.Th scope="col" ta="right">
                {t('overview.suitability.suitable')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('overview.suitability.partly')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('overview.suitability.unsuitable')}
              </Table.Th>
              <Table.Th scope="col" ta="right">
                {t('overview.suitability.notAssessed')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.map((group) => (
              <Table.Tr key={group.handicapTypeId}>
                <Table.Th scope="row" fw={400}>
                  {t(`handicap.${group.handicapTypeId}`)}
                </Table.Th>
                <Table.Td ta="right">{group.suitable}</Table.Td>
                <Table.Td ta="right">{group.partly}</Table.Td>
                <Table.Td ta="right">{group.unsuitable}</Table.Td>
                <Table.Td ta="right">{group.notAssessed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </SidewaysScroll>
    </section>
  );
}
