import { Alert, Anchor, Center, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { displayStatus } from '../../../domain/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { useActiveAssessments } from '../api/get-active-assessments';
import classes from './home-cards.module.css';

/** Spec 2, /activeAssessments: the organization's assessments that are not approved yet. */
export function ActiveAssessments(props: { organizationId: string }) {
  const t = useTranslation();
  const active = useActiveAssessments(props.organizationId);
  return (
    <>
      <PageHeader title={t('activeAssessments.title')} description={t('activeAssessments.description')} />
      {active.isPending && (
        <Center py="xl">
          <Loader aria-label={t('general.loading')} />
        </Center>
      )}
      {active.isError && (
        <Alert color="red" role="alert">
          {t('activeAssessments.error')}
        </Alert>
      )}
      {active.data?.length === 0 && <Text role="status">{t('activeAssessments.empty')}</Text>}
      <Stack component="ul" gap="xs" className={classes.list}>
        {active.data?.map((a) => (
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
                <Text size="sm">
                  {t('residence.assessmentCard.title')} {formatShortDate(a.createdAt)}
                </Text>
              </div>
              <StatusBadge
                status={displayStatus(a.assessmentStatus, a.isCalculated, a.futureApprovedDate)}
                futureApprovedDate={a.futureApprovedDate}
              />
            </Group>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
