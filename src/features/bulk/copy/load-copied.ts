import type { QueryClient } from '@tanstack/react-query';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import { assessmentRefs, finishedCopies } from '../../../domain/bulk-mode';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * The loader of /copied and /copiedproperties (docs/product.md 2): the copies of the finished
 * flow with their current statuses, fetched before the list shows.
 */
export async function loadCopied(queryClient: QueryClient): Promise<void> {
  const copied = finishedCopies(bulkStore.getSnapshot());
  if (copied.length > 0)
    await queryClient.ensureQueryData(locatedAssessmentsQueryOptions(assessmentRefs(copied)));
}
