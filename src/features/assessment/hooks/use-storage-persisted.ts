import { useEffect, useState } from 'react';
import { storagePersisted } from '../../../offline/storage-persistence';

/**
 * `storagePersisted()` for a component that needs it (`ask`): null until the browser answered.
 * The hook lives with the form that shows the answer, the browser call in `src/offline`, which
 * has no React (docs/architecture.md 7).
 */
export function useStoragePersisted(ask: boolean): boolean | null {
  const [persisted, setPersisted] = useState<boolean | null>(null);
  useEffect(() => {
    if (!ask) return;
    let live = true;
    void storagePersisted().then((answer) => live && setPersisted(answer));
    return () => {
      live = false;
    };
  }, [ask]);
  return persisted;
}
