import type { QueryClient } from '@tanstack/react-query';
import { activeAssessmentsKeys } from './get-active-assessments';
import { copyTargetsKeys } from './get-copy-targets';
import { departmentsKeys } from './get-departments';
import { locatedAssessmentsKeys } from './get-located-assessments';
import { jobItemsKeys } from './job-items';
import { propertiesByDepartmentKeys } from './get-properties-by-department';
import { propertyKeys } from './get-property';
import { questionsKeys } from './get-questions';

/**
 * docs/product.md 7: after create, copy, finish or abandon these caches are refreshed: properties by
 * department, property assessments, property, active assessments, located assessments,
 * questions and departments (by the keys of their query factories); and the copy targets of the
 * bulk-copy screen and a job's result pages, which show the same residences' statuses.
 */
export const CHANGED_BY_ASSESSMENT_MUTATIONS = [
  propertiesByDepartmentKeys.all,
  propertyKeys.all,
  activeAssessmentsKeys.all,
  locatedAssessmentsKeys.all,
  questionsKeys.all,
  departmentsKeys.all,
  copyTargetsKeys.all,
  jobItemsKeys.all,
] as const;

export async function refreshAfterAssessmentChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    CHANGED_BY_ASSESSMENT_MUTATIONS.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
