import { parseShownTips, withShownTip, type GuidanceTipId } from '../../domain/guidance';
import { GUIDANCE_TIPS_SHOWN, localValues } from '../../offline/client-state';
import { createListeners } from '../../lib/listeners';

/**
 * The guidance tips already shown (docs/product.md 4 "Guidance tips": local storage), as a
 * store components subscribe to: the "Se tip" button stops being highlighted the moment the
 * dialog has shown the last new tip, also in another tab of the same browser.
 */
export interface GuidanceMemory {
  getSnapshot(): readonly GuidanceTipId[];
  markShown(tip: GuidanceTipId): void;
  subscribe(listener: () => void): () => void;
}

export interface GuidanceStorage {
  raw(key: string): string | null;
  set(key: string, value: unknown): void;
}

export function createGuidanceMemory(storage: GuidanceStorage): GuidanceMemory {
  const listeners = createListeners();
  let lastRaw: string | null | undefined;
  let stored: readonly GuidanceTipId[] = [];
  // Shown on this page: where local storage refuses the value (private mode, a full quota) a
  // tip still opens by itself only once per page.
  let here: readonly GuidanceTipId[] = [];
  let snapshot: readonly GuidanceTipId[] = [];

  function read(): readonly GuidanceTipId[] {
    const raw = storage.raw(GUIDANCE_TIPS_SHOWN);
    if (raw !== lastRaw) {
      lastRaw = raw;
      let value: unknown = null;
      try {
        value = raw === null ? null : JSON.parse(raw);
      } catch {
        // A value that is not JSON counts as nothing shown.
      }
      stored = parseShownTips(value);
      snapshot = here.reduce(withShownTip, stored);
    }
    return snapshot;
  }

  const emit = () => listeners.emit();
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === `bt:${GUIDANCE_TIPS_SHOWN}`) emit();
  };

  return {
    getSnapshot: read,
    markShown(tip) {
      const before = read();
      if (before.includes(tip)) return;
      storage.set(GUIDANCE_TIPS_SHOWN, withShownTip(stored, tip));
      lastRaw = undefined;
      if (!read().includes(tip)) {
        here = withShownTip(here, tip);
        lastRaw = undefined;
        read();
      }
      emit();
    },
    subscribe(listener) {
      if (listeners.size === 0 && typeof window !== 'undefined')
        window.addEventListener('storage', onStorage);
      const unsubscribe = listeners.subscribe(listener);
      return () => {
        unsubscribe();
        if (listeners.size === 0 && typeof window !== 'undefined')
          window.removeEventListener('storage', onStorage);
      };
    },
  };
}

export const guidanceMemory: GuidanceMemory = createGuidanceMemory(localValues);
