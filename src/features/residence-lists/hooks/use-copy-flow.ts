import { useCallback, useSyncExternalStore } from 'react';
import type { BulkSource, BulkState } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { bulkStore } from '../../../offline/bulk-state';
import { showCopyStartedToast } from '../../../ui/copy-started-toast';

/**
 * The bulk flow as the residence lists and cards see it (docs/product.md 4 "Bulk mode"). The
 * bulk screens have their own hook in features/bulk; features do not import each other
 * (docs/architecture.md 7), and both read the one store of src/offline/bulk-state.ts.
 */
export function useBulkState(): BulkState {
  return useSyncExternalStore(bulkStore.subscribe, bulkStore.getSnapshot);
}

/**
 * "Copy" on one residence with an assessment (docs/product.md 4): the mode becomes copying with
 * the targets cleared and the origin remembered, and a toast says what to do next. Answers
 * whether the flow started (a running job is never replaced).
 */
export function useStartCopy(): (source: BulkSource, origin: string) => boolean {
  const t = useTranslation();
  return useCallback(
    (source, origin) => {
      const state = bulkStore.dispatch({ type: 'copy', source, origin });
      if (state.mode !== 'copying' || state.source?.assessmentId !== source.assessmentId) return false;
      showCopyStartedToast(t);
      return true;
    },
    [t],
  );
}
