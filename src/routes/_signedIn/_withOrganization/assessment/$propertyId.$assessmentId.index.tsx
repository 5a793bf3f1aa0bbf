import { createFileRoute, redirect } from '@tanstack/react-router';
import { assessmentQueryOptions } from '../../../../api/get-assessment';
import { questionsQueryOptions } from '../../../../api/get-questions';
import { landingQuestion } from '../../../../domain/question-navigation';
import { displayStatus, isLocked } from '../../../../domain/statuses';

/**
 * /assessment/{propertyId}/{assessmentId}: the way back into an assessment from every card and
 * list (docs/product.md 2 and 4). A calculated or ready one opens its results for a write user;
 * an editable one the question after the one answered last; a locked one its first question.
 */
export const Route = createFileRoute('/_signedIn/_withOrganization/assessment/$propertyId/$assessmentId/')({
  loader: async ({ context, params }) => {
    const [assessment, questions] = await Promise.all([
      context.queryClient.ensureQueryData(assessmentQueryOptions(params.assessmentId, params.propertyId)),
      context.queryClient.ensureQueryData(questionsQueryOptions(params.assessmentId)),
    ]);
    const status = displayStatus(assessment.assessmentStatus, assessment.isCalculated, null);
    if (context.session.canWrite && (status === 'calculated' || status === 'ready')) {
      throw redirect({ to: '/results/$propertyId/$assessmentId', params, replace: true });
    }
    const question = landingQuestion(questions, {
      converted: assessment.converted,
      lastAnsweredQuestionUniqueId: assessment.lastAnsweredQuestionUniqueId,
      editable: !isLocked(assessment.assessmentStatus, context.session.canWrite),
    });
    throw redirect({
      to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
      params: { ...params, chapter: question?.chapterKind ?? 'screening', questionId: question?.id ?? '001' },
      replace: true,
    });
  },
});
