import { ActionIcon, Alert, Button, Group, Modal, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useId, useMemo, useState, type ReactNode } from 'react';
import type { AssessmentListEntry, LocatedAssessmentRequestItem } from '../../../../../shared/contract/dto';
import { locatedAssessmentsQueryOptions } from '../../../../api/get-located-assessments';
import {
  assessmentsToAbandon,
  canUnlock,
  isUnlockable,
  overwriteKind,
} from '../../../../domain/residence-actions';
import { useTranslation } from '../../../../i18n/use-translation';
import { UnlockDialog } from '../../../../ui/unlock-dialog';
import { useOnline } from '../../../../ui/use-online';
import { AssessmentCard } from './assessment-card';
import { useStartAssessment } from './use-start-assessment';

type Dialog = { kind: 'overwrite' } | { kind: 'unlock'; assessmentId: string } | null;

/** The residence screen's heading over its assessments, with room for the new-assessment button. */
export function AssessmentsHeading(props: { children?: ReactNode }) {
  const t = useTranslation();
  return (
    <Group justify="space-between" mb="sm">
      <Text component="h2" fw={700} size="xl">
        {t('residence.assessments.heading')}
      </Text>
      {props.children}
    </Group>
  );
}

/**
 * docs/product.md 2 and 4: a residence's assessments as cards, each a way into its assessment; for write
 * users the plus button with its overwrite warning, and unlock on an approved one.
 */
export function ResidenceAssessments(props: {
  propertyId: string;
  /** The residence's assessments in the property's order (the route's loader fetched them). */
  refs: LocatedAssessmentRequestItem[];
  canWrite: boolean;
}) {
  const t = useTranslation();
  const { data: located } = useSuspenseQuery(locatedAssessmentsQueryOptions(props.refs));
  const assessments = useMemo(() => {
    const order = props.refs.map((r) => r.assessmentId);
    return [...located].sort((a, b) => order.indexOf(a.assessmentId) - order.indexOf(b.assessmentId));
  }, [located, props.refs]);
  const [dialog, setDialog] = useState<Dialog>(null);
  const starter = useStartAssessment(props.propertyId);
  const navigate = useNavigate();
  // docs/product.md 4 and 5: any assessment that is not converted can be copied. The bulk-copy
  // screen starts the copy flow as it opens, with this residence as its origin.
  const copy = (a: AssessmentListEntry) =>
    void navigate({
      to: '/copy/$propertyId/$assessmentId',
      params: { propertyId: a.propertyId, assessmentId: a.assessmentId },
    });
  const kind = overwriteKind(assessments);
  // Overwrite and unlock change assessments on the server at once (abandon, copy): they need the
  // network, unlike a first screening (docs/architecture.md 4 "Offline start"). Offline they stay
  // visible, disabled with the reason, as the bulk buttons do (docs/architecture.md 2 "Jobs").
  const online = useOnline();
  const overwriteReasonId = useId();
  const close = () => {
    setDialog(null);
    starter.reset();
  };

  return (
    <>
      <AssessmentsHeading>
        {props.canWrite && (
          <Group gap="xs" wrap="nowrap">
            {!online && (
              <Text id={overwriteReasonId} size="sm" c="gray.7">
                {t('residence.overwrite.offline')}
              </Text>
            )}
            <Tooltip label={t('residence.newAssessment.aria')}>
              <ActionIcon
                size="xl"
                radius="xl"
                aria-label={t('residence.newAssessment.aria')}
                {...(online
                  ? {}
                  : { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': overwriteReasonId })}
                onClick={() => {
                  if (online) setDialog({ kind: 'overwrite' });
                }}
              >
                <IconPlus aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        )}
      </AssessmentsHeading>

      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {assessments.map((a) => (
          <AssessmentCard
            key={a.assessmentId}
            assessment={a}
            canWrite={props.canWrite}
            onUnlock={
              props.canWrite && isUnlockable(a)
                ? () => setDialog({ kind: 'unlock', assessmentId: a.assessmentId })
                : undefined
            }
            onCopy={props.canWrite && !a.converted ? () => copy(a) : undefined}
            unlockDisabledReason={online ? null : t('residence.unlock.offline')}
          />
        ))}
      </SimpleGrid>

      <Modal
        opened={dialog?.kind === 'overwrite' && kind !== null && online}
        onClose={close}
        title={kind ? t(`residence.overwrite.${kind}.title`) : ''}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack gap="md">
          <Text>{kind ? t(`residence.overwrite.${kind}.body`) : ''}</Text>
          {starter.isError && (
            <Alert color="red" role="alert">
              {t('assessment.dialog.overwrite.error')}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('residence.overwrite.back')}
            </Button>
            {kind !== 'ready' && (
              <Button
                color="red.9"
                loading={starter.isPending}
                onClick={() =>
                  starter.mutate({ kind: 'overwrite', abandon: assessmentsToAbandon(assessments) })
                }
              >
                {t('residence.overwrite.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <UnlockDialog
        opened={dialog?.kind === 'unlock' && online}
        eligible={canUnlock(assessments)}
        pending={starter.isPending}
        failed={starter.isError}
        onConfirm={() => {
          if (dialog?.kind === 'unlock') starter.mutate({ kind: 'unlock', approvedId: dialog.assessmentId });
        }}
        onClose={close}
      />
    </>
  );
}
