import { useNavigate } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import { copiedEntryOf } from '../../../domain/bulk-mode';
import { bulkStore } from '../../../offline/bulk-state';

/**
 * docs/product.md 2 "The assessment form": in a bulk-copy context (the copy flow has ended and
 * this assessment is one of its copies) the form's back button saves the answers and goes back to
 * /copied. The answers are already stored on the device by the outbox (docs/architecture.md 2);
 * going back marks the copy as saved in the flow's list. Undefined outside that context.
 */
export function useCopyBack(assessmentId: string): (() => void) | undefined {
  const navigate = useNavigate();
  const isCopy = useSyncExternalStore(
    bulkStore.subscribe,
    () => copiedEntryOf(bulkStore.getSnapshot(), assessmentId) !== null,
  );
  const back = useCallback(() => {
    bulkStore.dispatch({ type: 'copiedChanged', assessmentId, saved: true });
    void navigate({ to: '/copied' });
  }, [assessmentId, navigate]);
  return isCopy ? back : undefined;
}
