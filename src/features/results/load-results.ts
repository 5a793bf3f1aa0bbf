import type { QueryClient } from '@tanstack/react-query';
import { missingQuestions } from '../../../shared/rules/answer-validation';
import { prefetchScoresWithin } from '../../api/assessment-scores';
import { assessmentQueryOptions } from '../../api/get-assessment';
import { propertyQueryOptions } from '../../api/get-property';
import { questionsQueryOptions } from '../../api/get-questions';

/**
 * What the results page reads before it shows (its route's loader): the assessment, its
 * questions and, when no answer is missing, the scores read afresh. The score table stands
 * above the approve buttons: shown later, it pushed them down under a tap already on its way
 * (docs/architecture.md 2 "Routes own access and data"). With answers missing the page lists
 * them instead and asks for no scores.
 */
export async function loadResults(
  queryClient: QueryClient,
  propertyId: string,
  assessmentId: string,
): Promise<void> {
  // The printed report's address and department; the page shows without them.
  void queryClient.prefetchQuery(propertyQueryOptions(propertyId));
  const [assessment, questions] = await Promise.all([
    queryClient.ensureQueryData(assessmentQueryOptions(assessmentId, propertyId)),
    queryClient.ensureQueryData(questionsQueryOptions(assessmentId)),
  ]);
  if (missingQuestions(questions, { converted: assessment.converted }).length === 0)
    await prefetchScoresWithin(queryClient, [assessmentId], { fresh: true });
}
