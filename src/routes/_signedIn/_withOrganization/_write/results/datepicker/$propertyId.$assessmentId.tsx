import { Container } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { assessmentQueryOptions } from '../../../../../../api/get-assessment';
import { questionsQueryOptions } from '../../../../../../api/get-questions';
import { missingQuestions } from '../../../../../../../shared/rules/answer-validation';
import { canApprove } from '../../../../../../domain/approval';
import { ApproveDatePicker } from '../../../../../../features/results/components/approve-date-picker';
import { useSendWaitingAnswers } from '../../../../../../features/outbox/hooks/use-send-waiting-answers';

/** docs/product.md 2: approve one assessment from a chosen day (write only, by the `_write` layout). */
export const Route = createFileRoute(
  '/_signedIn/_withOrganization/_write/results/datepicker/$propertyId/$assessmentId',
)({
  loader: async ({ context, params }) => {
    const [assessment, questions] = await Promise.all([
      context.queryClient.ensureQueryData(assessmentQueryOptions(params.assessmentId, params.propertyId)),
      context.queryClient.ensureQueryData(questionsQueryOptions(params.assessmentId)),
    ]);
    const missingCount = missingQuestions(questions, { converted: assessment.converted }).length;
    // An assessment that cannot be approved (any more) shows its results page, which says why.
    if (
      !canApprove({ status: assessment.assessmentStatus, canWrite: context.session.canWrite, missingCount })
    )
      throw redirect({ to: '/results/$propertyId/$assessmentId', params, replace: true });
  },
  component: DatePickerRoute,
});

function DatePickerRoute() {
  const { propertyId, assessmentId } = Route.useParams();
  const sendWaitingAnswers = useSendWaitingAnswers(assessmentId);
  return (
    <Container size="md" py="xl">
      <ApproveDatePicker
        key={`${propertyId}/${assessmentId}`}
        propertyId={propertyId}
        assessmentId={assessmentId}
        sendWaitingAnswers={sendWaitingAnswers}
      />
    </Container>
  );
}
