import { Group, SimpleGrid, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo, useState, type ReactNode } from 'react';
import type { AssessmentListEntry, LocatedAssessmentRequestItem } from '../../../../shared/contract/dto';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import {
  assessmentsToAbandon,
  canUnlock,
  isUnlockable,
  overwriteKind,
} from '../../../domain/residence-actions';
import { useTranslation } from '../../../i18n/use-translation';
import { UnlockDialog } from '../../../ui/unlock-dialog';
import { useReachReason } from '../../../ui/use-server-reach';
import { useStartAssessment } from '../hooks/use-start-assessment';
import { AssessmentCard } from './assessment-card';
import { NewAssessmentButton } from './new-assessment-button';
import { OverwriteDialog } from './overwrite-dialog';

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
  // network and a token, unlike a first screening (docs/architecture.md 4 "Offline start"). Without
  // them they stay visible, disabled with the reason, as the bulk buttons do (docs/architecture.md 2
  // "Jobs").
  const overwriteBlocked = useReachReason(t('residence.overwrite.offline'));
  const unlockBlocked = useReachReason(t('residence.unlock.offline'));
  const close = () => {
    setDialog(null);
    starter.reset();
  };

  return (
    <>
      <AssessmentsHeading>
        {props.canWrite && (
          <NewAssessmentButton
            blockedReason={overwriteBlocked}
            onOpen={() => setDialog({ kind: 'overwrite' })}
          />
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
            unlockDisabledReason={unlockBlocked}
          />
        ))}
      </SimpleGrid>

      <OverwriteDialog
        opened={dialog?.kind === 'overwrite' && kind !== null && overwriteBlocked === null}
        kind={kind}
        pending={starter.isPending}
        failed={starter.isError}
        onConfirm={() => starter.mutate({ kind: 'overwrite', abandon: assessmentsToAbandon(assessments) })}
        onClose={close}
      />

      <UnlockDialog
        opened={dialog?.kind === 'unlock' && unlockBlocked === null}
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
