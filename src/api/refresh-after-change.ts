import type { QueryClient } from '@tanstack/react-query';

/**
 * Spec 7: after create, copy, finish or abandon these caches are refreshed: properties by
 * department, property assessments, property, active assessments, located assessments,
 * questions and departments (by their exact query keys, STYLE.md).
 */
export const CHANGED_BY_ASSESSMENT_MUTATIONS = [
  'propertiesByDepartment',
  'propertyAssessments',
  'property',
  'activeAssessments',
  'locatedAssessments',
  'questions',
  'departments',
] as const;

export async function refreshAfterAssessmentChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    CHANGED_BY_ASSESSMENT_MUTATIONS.map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}
