import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { abandonAssessments } from '../../../../api/abandon-assessments';
import { createAssessment } from '../../../../api/create-assessment';
import { assessmentQueryOptions } from '../../../../api/get-assessment';
import { questionsQueryOptions } from '../../../../api/get-questions';
import { refreshAfterAssessmentChange } from '../../../../api/refresh-after-change';
import type { ChapterKind } from '../../../../domain/catalogue';
import { unlockQuestion } from '../../../../domain/question-navigation';

/** How a new assessment comes about on the residence screen (docs/product.md 2 and 4). */
type StartAssessment =
  /** Start screening of a residence without assessments. */
  | { kind: 'new' }
  /** Overwrite: abandon these (every one that is not approved), then start afresh. */
  | { kind: 'overwrite'; abandon: readonly string[] }
  /** Unlock: a new draft as a copy of this approved assessment. */
  | { kind: 'unlock'; approvedId: string };

/** The question the new assessment opens at. */
type Landing = { chapter: ChapterKind; questionId: string };

/** docs/product.md 2: a new assessment opens at screening question 001. */
const SCREENING_START: Landing = { chapter: 'screening', questionId: '001' };

/**
 * docs/product.md 4 "Unlock": the user goes to the same question in the copy, which from the
 * residence is the one the approved assessment was last answered at (else its first question).
 * Always a question of the form: the copy is a draft, and the resume route would send a
 * calculated one to its results instead.
 */
async function unlockLanding(queryClient: QueryClient, propertyId: string, approvedId: string) {
  const [approved, questions] = await Promise.all([
    queryClient.ensureQueryData(assessmentQueryOptions(approvedId, propertyId)),
    queryClient.ensureQueryData(questionsQueryOptions(approvedId)),
  ]);
  const question = unlockQuestion(questions, {
    converted: approved.converted,
    lastAnsweredQuestionUniqueId: approved.lastAnsweredQuestionUniqueId,
  });
  return question ? { chapter: question.chapterKind, questionId: question.id } : SCREENING_START;
}

/**
 * docs/product.md 4: start screening, overwrite or unlock, then open the new assessment. The approved
 * assessment's question is read before anything changes, so a failed read leaves no copy behind.
 * The caches of docs/product.md 7 are refreshed once the new assessment is open (or after a failure): done
 * before, the residence screen would re-render with the new assessment on its way out.
 */
export function useStartAssessment(propertyId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (start: StartAssessment) => {
      const landing =
        start.kind === 'unlock'
          ? await unlockLanding(queryClient, propertyId, start.approvedId)
          : SCREENING_START;
      // All or nothing: a failure part-way must not leave some of them cancelled.
      if (start.kind === 'overwrite') {
        await abandonAssessments(start.abandon.map((assessmentId) => ({ assessmentId, propertyId })));
      }
      const assessmentId = await createAssessment({
        propertyId,
        sourceAssessmentIdToCopyFrom: start.kind === 'unlock' ? start.approvedId : undefined,
      });
      return { assessmentId, landing };
    },
    onSuccess: ({ assessmentId, landing }) =>
      navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: { propertyId, assessmentId, ...landing },
      }),
    onSettled: () => refreshAfterAssessmentChange(queryClient),
  });
}
