import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { assessmentScoresQueryOptions } from '../../api/assessment-scores';
import { assessmentQueryOptions } from '../../api/get-assessment';
import { locatedAssessmentsQueryOptions, residenceAssessmentRefs } from '../../api/get-located-assessments';
import { propertyQueryOptions } from '../../api/get-property';
import { questionsQueryOptions } from '../../api/get-questions';
import { photosQueryOptions } from '../../api/photos';

/** The keys one residence's screens read, assessments' and photo lists included (src/api key factories). */
export function residenceQueryKeys(queryClient: QueryClient, residenceId: string): QueryKey[] {
  const property = queryClient.getQueryData(propertyQueryOptions(residenceId).queryKey);
  if (!property) return [propertyQueryOptions(residenceId).queryKey];
  const refs = residenceAssessmentRefs(property);
  const keys: QueryKey[] = [propertyQueryOptions(residenceId).queryKey];
  if (refs.length > 0) keys.push(locatedAssessmentsQueryOptions(refs).queryKey);
  for (const ref of refs) {
    keys.push(
      assessmentQueryOptions(ref.assessmentId, residenceId).queryKey,
      questionsQueryOptions(ref.assessmentId).queryKey,
      assessmentScoresQueryOptions(ref.assessmentId).queryKey,
    );
  }
  // The photo lists, when read ("med fotos", or the screens showed them).
  const residencePhotos = photosQueryOptions({ residenceId }).queryKey;
  if (queryClient.getQueryData(residencePhotos) !== undefined) keys.push(residencePhotos);
  for (const ref of refs) {
    const assessmentPhotos = photosQueryOptions({ assessmentId: ref.assessmentId }).queryKey;
    if (queryClient.getQueryData(assessmentPhotos) !== undefined) keys.push(assessmentPhotos);
  }
  return keys;
}
