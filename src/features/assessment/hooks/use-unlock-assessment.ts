import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { createAssessment } from '../../../api/create-assessment';
import {
  locatedAssessmentsQueryOptions,
  residenceAssessmentRefs,
} from '../../../api/get-located-assessments';
import { propertyQueryOptions } from '../../../api/get-property';
import { refreshAfterAssessmentChange } from '../../../api/refresh-after-change';
import { canUnlock, isUnlockable } from '../../../domain/residence-actions';

/**
 * docs/product.md 4 "Unlock" from inside a locked form: offered for an approved assessment (not one
 * approved for a future date); eligible when the residence has no ready or draft assessment.
 * Unlocking copies the approved assessment into a new draft and opens the same question there.
 */
export function useUnlockAssessment(options: {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
  /** Only a write user looking at an approved assessment asks for the residence's assessments. */
  enabled: boolean;
}) {
  const { propertyId, assessmentId, chapter, questionId } = options;
  const navigate = useNavigate();
  // Usually in the cache already (the route prefetches it); without it nothing is offered.
  const { data: property } = useQuery({ ...propertyQueryOptions(propertyId), enabled: options.enabled });
  const refs = useMemo(() => (property ? residenceAssessmentRefs(property) : []), [property]);
  const located = useQuery({
    ...locatedAssessmentsQueryOptions(refs),
    enabled: options.enabled && refs.length > 0,
  });
  const current = located.data?.find((a) => a.assessmentId === assessmentId);
  const queryClient = useQueryClient();
  // The caches of docs/product.md 7 are refreshed once the new draft is open (or after a
  // failure): refreshed before, this dialog would see the new draft among the residence's
  // assessments and say, for a moment, that other assessments exist.
  const creation = useMutation({
    mutationFn: () => createAssessment({ propertyId, sourceAssessmentIdToCopyFrom: assessmentId }),
    onSuccess: (newAssessmentId) =>
      navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: { propertyId, assessmentId: newAssessmentId, chapter, questionId },
      }),
    onSettled: () => refreshAfterAssessmentChange(queryClient),
  });

  return {
    offered: options.enabled && current !== undefined && isUnlockable(current),
    eligible: canUnlock(located.data ?? []),
    unlock: () => creation.mutate(),
    pending: creation.isPending,
    failed: creation.isError,
    reset: creation.reset,
  };
}
