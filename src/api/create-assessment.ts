import { useMutation, useQueryClient } from '@tanstack/react-query';
import { assessmentMutationApiVersion } from './api-version';
import { apiRequest } from './http';
import { refreshAfterAssessmentChange } from './refresh-after-change';

export interface CreateAssessmentInput {
  propertyId: string;
  /** Unlock: the new assessment starts as a copy of this one's answers. */
  sourceAssessmentIdToCopyFrom?: string;
}

/** GET /api/v{1,2}/assessment/createnewassessment: returns the new assessment's id. */
export function createAssessment(input: CreateAssessmentInput): Promise<string> {
  return apiRequest<string>(`/api/${assessmentMutationApiVersion()}/assessment/createnewassessment`, {
    query: { propertyId: input.propertyId, sourceAssessmentIdToCopyFrom: input.sourceAssessmentIdToCopyFrom },
  });
}

export function useCreateAssessment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAssessment,
    onSuccess: () => refreshAfterAssessmentChange(queryClient),
  });
}
