import { createFileRoute, redirect } from '@tanstack/react-router';
import { freshOrCached } from '../../../../api/fresh-query';
import { assessmentQueryOptions } from '../../../../api/get-assessment';
import { questionsQueryOptions } from '../../../../api/get-questions';
import { lastAnsweredQuestion, landingQuestion } from '../../../../domain/question-navigation';
import { displayStatus, isLocked } from '../../../../../shared/rules/statuses';
import { deviceOutbox } from '../../../../offline/device-outbox';

/**
 * /assessment/{propertyId}/{assessmentId}: the way back into an assessment from every card and
 * list (docs/product.md 2 and 4). A calculated or ready one opens its results for a write user;
 * an editable one the question after the one answered last; a locked one its first question.
 * "Answered last" is the server's current word (not a cached copy from an earlier visit) unless
 * answers typed on this device are still waiting to be sent: those are newer.
 */
export const Route = createFileRoute('/_signedIn/_withOrganization/assessment/$propertyId/$assessmentId/')({
  loader: async ({ context, params }) => {
    const { queryClient, session } = context;
    const assessmentQuery = assessmentQueryOptions(params.assessmentId, params.propertyId);
    const [assessment, questions, queued] = await Promise.all([
      freshOrCached(
        () => queryClient.fetchQuery({ ...assessmentQuery, staleTime: 0 }),
        queryClient.getQueryData(assessmentQuery.queryKey),
      ),
      queryClient.ensureQueryData(questionsQueryOptions(params.assessmentId)),
      // Without usable device storage nothing waits there.
      deviceOutbox.listEntries(session.ssoUuid).catch(() => []),
    ]);
    const status = displayStatus(assessment.assessmentStatus, assessment.isCalculated, null);
    if (session.canWrite && (status === 'calculated' || status === 'ready')) {
      throw redirect({ to: '/results/$propertyId/$assessmentId', params, replace: true });
    }
    const question = landingQuestion(questions, {
      converted: assessment.converted,
      lastAnsweredQuestionUniqueId: lastAnsweredQuestion(
        assessment.lastAnsweredQuestionUniqueId,
        queued,
        params.assessmentId,
      ),
      editable: !isLocked(assessment.assessmentStatus, session.canWrite),
    });
    throw redirect({
      to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
      params: { ...params, chapter: question?.chapterKind ?? 'screening', questionId: question?.id ?? '001' },
      replace: true,
    });
  },
});
