import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { abandonAssessment } from '../../../../api/abandon-assessment';
import { createAssessment } from '../../api/create-assessment';
import { refreshAfterAssessmentChange } from '../../../../api/refresh-after-change';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Spec 4: start a new assessment (abandoning first the ones an overwrite replaces, or copying
 * an approved one to unlock it) and open it at screening question 001.
 */
export function useStartAssessment(propertyId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const start = async (options: { abandon?: string[]; copyFrom?: string } = {}) => {
    setPending(true);
    setError(null);
    try {
      for (const assessmentId of options.abandon ?? []) await abandonAssessment({ assessmentId, propertyId });
      const assessmentId = await createAssessment({
        propertyId,
        sourceAssessmentIdToCopyFrom: options.copyFrom,
      });
      await refreshAfterAssessmentChange(queryClient);
      await navigate({
        href: `/assessment/${encodeURIComponent(propertyId)}/${encodeURIComponent(assessmentId)}/screening/001`,
      });
    } catch (e) {
      setError(e);
      await refreshAfterAssessmentChange(queryClient);
    } finally {
      setPending(false);
    }
  };
  return { start, pending, error, resetError: () => setError(null) };
}
