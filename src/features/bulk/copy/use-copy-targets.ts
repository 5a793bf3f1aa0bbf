import { useCallback, useMemo } from 'react';
import type { BulkEvent, BulkState } from '../../../domain/bulk-mode';
import type { Candidate } from './candidate-list';

/**
 * The residences chosen to receive the copy on the bulk-copy screen (docs/product.md 2 and 4):
 * shown only while this assessment is the one being copied; toggled one by one, added many at a
 * time from the department's list, and removed. The state machine drops the ones not allowed.
 */
export function useCopyTargets(
  state: BulkState,
  dispatch: (event: BulkEvent) => BulkState,
  copyingThis: boolean,
) {
  const targets = useMemo(() => (copyingThis ? state.targets : []), [copyingThis, state.targets]);
  const chosen = useMemo(() => new Set(targets.map((target) => target.propertyId)), [targets]);
  const toggle = useCallback(
    (candidate: Candidate) => {
      const current = state.targets;
      const next = current.some((target) => target.propertyId === candidate.propertyId)
        ? current.filter((target) => target.propertyId !== candidate.propertyId)
        : [
            ...current,
            {
              propertyId: candidate.propertyId,
              assessmentId: candidate.assessmentId,
              status: candidate.status,
              location: candidate.location,
              futureApprovedDate: candidate.futureApprovedDate,
            },
          ];
      dispatch({ type: 'selectTargets', targets: next });
    },
    [state.targets, dispatch],
  );
  const chooseMany = (candidates: readonly Candidate[]) =>
    dispatch({
      type: 'selectTargets',
      targets: [
        ...state.targets,
        ...candidates.map(({ propertyId, assessmentId, status, location, futureApprovedDate }) => ({
          propertyId,
          assessmentId,
          status,
          location,
          futureApprovedDate,
        })),
      ],
    });
  const remove = (propertyId: string) =>
    dispatch({ type: 'selectTargets', targets: state.targets.filter((t) => t.propertyId !== propertyId) });
  return { targets, chosen, toggle, chooseMany, remove };
}
