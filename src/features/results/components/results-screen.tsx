import { Button, Group, Stack } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { questionsQueryOptions } from '../../../api/get-questions';
import { missingQuestions } from '../../../../shared/rules/answer-validation';
import { canApprove } from '../../../domain/approval';
import { isEditableStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { ApprovalProgressDialog } from '../../../ui/approval-progress-dialog';
import { AssessmentPhotos } from '../../../photos/assessment-photos';
import { PageHeader } from '../../../ui/page-header';
import type { SendWaitingAnswers } from '../../../hub/start-approval';
import { useApproveAssessment } from '../hooks/use-approve-assessment';
import { lastEvaluationQuestion } from '../last-question';
import { ApproveActions } from './approve-actions';
import { BackToAssessment } from './back-to-assessment';
import { DeleteAssessmentDialog } from './delete-assessment-dialog';
import { HandicapScores } from './handicap-scores';
import { MissingQuestions } from './missing-questions';
import { PrintButton, PrintReport } from './print-report';

/**
 * docs/product.md 2, /results/{propertyId}/{assessmentId}: the handicap scores with Approve now,
 * Approve in future, Approve later and Delete, or an error page listing the required questions
 * still unanswered. The route's loader has fetched the assessment and its questions; waiting and
 * failing are the router's (src/app/route-states.tsx). The route hands in the outbox check
 * (`sendWaitingAnswers`) and whether the user may write (the `_write` layout: always).
 */
export function ResultsScreen(props: {
  propertyId: string;
  assessmentId: string;
  canWrite?: boolean;
  sendWaitingAnswers?: SendWaitingAnswers;
  /** For the printed report. */
  organizationName?: string;
}) {
  const t = useTranslation();
  const { data: assessment } = useSuspenseQuery(assessmentQueryOptions(props.assessmentId, props.propertyId));
  const { data: questions } = useSuspenseQuery(questionsQueryOptions(props.assessmentId));
  const [deleting, setDeleting] = useState(false);
  // Held here, not in the buttons: the dialog stays while the approved assessment refreshes.
  const approval = useApproveAssessment(props);
  const progress = <ApprovalProgress approval={approval} />;

  const back = (
    <BackToAssessment
      propertyId={props.propertyId}
      assessmentId={props.assessmentId}
      last={lastEvaluationQuestion(questions)}
    />
  );
  const missing = missingQuestions(questions, { converted: assessment.converted });
  if (missing.length > 0) {
    return (
      <>
        {back}
        <MissingQuestions propertyId={props.propertyId} assessmentId={props.assessmentId} missing={missing} />
        {progress}
      </>
    );
  }

  // docs/product.md 2 and 4: approving (and so deleting) is offered for draft and rejected assessments.
  const eligible = isEditableStatus(assessment.assessmentStatus);
  const approvable = canApprove({
    status: assessment.assessmentStatus,
    canWrite: props.canWrite ?? true,
    missingCount: missing.length,
  });
  return (
    <>
      <div data-print="hide">
        {back}
        <PageHeader title={t('assessmentResult.title')} description={t('assessmentResult.description')} />
        <Stack gap="xl">
          <HandicapScores assessmentId={props.assessmentId} />
          <PrintButton />
          {approvable && (
            <ApproveActions
              propertyId={props.propertyId}
              assessmentId={props.assessmentId}
              approval={approval}
            />
          )}
          {eligible && (
            <ApproveLaterOrDelete propertyId={props.propertyId} onDelete={() => setDeleting(true)} />
          )}
          <AssessmentPhotos assessmentId={props.assessmentId} questions={questions} />
        </Stack>
      </div>
      <PrintReport
        propertyId={props.propertyId}
        assessmentId={props.assessmentId}
        organizationName={props.organizationName}
      />
      {eligible && (
        <DeleteAssessmentDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          propertyId={props.propertyId}
          assessmentId={props.assessmentId}
        />
      )}
      {progress}
    </>
  );
}

/** Approve later (back to the residence) and Delete, for an assessment that may still change. */
function ApproveLaterOrDelete(props: { propertyId: string; onDelete: () => void }) {
  const t = useTranslation();
  return (
    <Group gap="sm">
      <Button
        renderRoot={(rootProps) => (
          <Link {...rootProps} to="/residence/$propertyId" params={{ propertyId: props.propertyId }} />
        )}
      >
        {t('assessmentResult.approveLater')}
      </Button>
      <Button
        variant="outline"
        color="red.9"
        leftSection={<IconTrash size={16} aria-hidden />}
        onClick={props.onDelete}
      >
        {t('assessmentResult.delete')}
      </Button>
    </Group>
  );
}

/** The approval's progress dialog, while a job approves the assessment. */
function ApprovalProgress({ approval }: { approval: ReturnType<typeof useApproveAssessment> }) {
  const t = useTranslation();
  return (
    <ApprovalProgressDialog
      job={approval.job}
      errorText={t('assessmentResult.approveNow.error')}
      onClose={approval.dismissJob}
    />
  );
}
