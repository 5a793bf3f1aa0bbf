import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { activeAssessmentsQueryOptions } from '../../../api/get-active-assessments';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { AssessmentEntryLink } from '../../../ui/assessment-entry-link';
import classes from '../../../ui/link-cards.module.css';

/**
 * docs/product.md 2, /activeAssessments: the organization's assessments that are not approved yet, each with
 * its address leading to the residence and a way straight into the assessment (the resume route,
 * docs/architecture.md 2 "Routes own access and data").
 */
export function ActiveAssessments(props: { organizationId: string }) {
  const t = useTranslation();
  const canWrite = useRouteContext({ from: '/_signedIn', select: (c) => c.session.canWrite });
  const { data: active } = useSuspenseQuery(activeAssessmentsQueryOptions(props.organizationId));
  return (
    <>
      <PageHeader title={t('activeAssessments.title')} description={t('activeAssessments.description')} />
      {active.length === 0 && <Text role="status">{t('activeAssessments.empty')}</Text>}
      <Stack component="ul" gap="xs" className={classes.list}>
        {active.map((a) => {
          const status = displayStatus(a.assessmentStatus, a.isCalculated, a.futureApprovedDate);
          return (
            <Paper component="li" key={a.assessmentId} withBorder radius="md" p="sm">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <div>
                  <Anchor
                    fw={600}
                    renderRoot={(rootProps) => (
                      <Link
                        {...rootProps}
                        to="/residence/$propertyId"
                        params={{ propertyId: a.propertyId }}
                        state={{ origin: '/activeAssessments' }}
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
                </div>
                <AssessmentEntryLink
                  propertyId={a.propertyId}
                  assessmentId={a.assessmentId}
                  status={status}
                  canWrite={canWrite}
                  quiet
                  accessibleName={(action) =>
                    t('activeAssessments.actionLabel', { action, location: a.location })
                  }
                />
              </Group>
            </Paper>
          );
        })}
      </Stack>
    </>
  );
}
