import { queryOptions } from '@tanstack/react-query';
import type { CopyTargetRow, NotCopyableReason } from '../../shared/contract/dto';
import { apiRequest } from './http';

/**
 * A row of GET /api/v2/assessment/copytargets (the contract's): the property-list row of
 * propertiesbydepartment and whether a copy of the source may go there, and if not why
 * (docs/api.md "copytargets"). Every row of one residence has the same flags.
 */
export type { CopyTargetRow, NotCopyableReason };

export const copyTargetsKeys = { all: ['copyTargets'] as const };

/**
 * The bulk-copy screen's list (docs/product.md 7, "copy-from-property lists"): the residences of
 * the source residence's department. Write role only; the server refuses others with 403.
 */
export function fetchCopyTargets(
  sourceAssessmentId: string,
  propertyId: string,
  signal?: AbortSignal,
): Promise<CopyTargetRow[]> {
  return apiRequest<CopyTargetRow[]>('/api/v2/assessment/copytargets', {
    query: { sourceAssessmentId, propertyId },
    signal,
  });
}

export const copyTargetsQueryOptions = (sourceAssessmentId: string, propertyId: string) =>
  queryOptions({
    queryKey: [...copyTargetsKeys.all, sourceAssessmentId, propertyId],
    queryFn: ({ signal }) => fetchCopyTargets(sourceAssessmentId, propertyId, signal),
  });
