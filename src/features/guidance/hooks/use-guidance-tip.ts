import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import type { GuidanceTip } from '../../../../shared/contract/static-content';
import {
  GUIDANCE_SETTING_FIELDS,
  GUIDANCE_TIPS,
  hasNewTip,
  opensAutomatically,
  tipToOpen,
  type GuidanceTipId,
} from '../../../domain/guidance';
import { guidanceMemory } from '../guidance-memory';
import { useAfterFirstPaint } from '../../../ui/use-after-first-paint';

export interface GuidanceTipState {
  /** The texts have arrived (staticcontent); without them there is nothing to show. */
  ready: boolean;
  /** A tip of this page has not been shown yet: the button is highlighted. */
  isNew: boolean;
  /** The tip on screen, or null while the dialog is closed. */
  current: { id: GuidanceTipId; index: number; total: number; text: GuidanceTip } | null;
  open(): void;
  close(): void;
  /** Steps through all four tips in their order; undefined at either end. */
  previous: (() => void) | undefined;
  next: (() => void) | undefined;
}

/**
 * One page's guidance tip (docs/product.md 4 "Guidance tips"). `tip` is the page's tip: the
 * dialog opens there (or at the page's first tip not seen yet); with `auto` it opens by itself
 * on the first visit. Every tip the dialog shows is remembered at once, so it opens by itself
 * once only, also when the page is reloaded while the dialog is open.
 */
export function useGuidanceTip(tip: GuidanceTipId, options: { auto?: boolean } = {}): GuidanceTipState {
  const shown = useSyncExternalStore(guidanceMemory.subscribe, guidanceMemory.getSnapshot);
  const { data: settings } = useQuery({ ...staticContentQueryOptions(), select: (c) => c.guidanceSettings });
  // Decided when the page opens: marking the tip shown must not close the dialog again.
  const [autoPending, setAutoPending] = useState(
    () => options.auto === true && opensAutomatically(tip, guidanceMemory.getSnapshot()),
  );
  const [chosen, setChosen] = useState<GuidanceTipId | null>(null);

  const ready = settings !== undefined;
  // A tip that opens by itself waits for the page's first paint: the page comes first, and its
  // first commit is not also the dialog's (one long task less on a slow phone).
  const painted = useAfterFirstPaint();
  const id = chosen ?? (autoPending && options.auto === true && ready && painted ? tip : null);
  const index = id === null ? -1 : GUIDANCE_TIPS.indexOf(id);
  const text = id !== null && settings ? settings[GUIDANCE_SETTING_FIELDS[id]] : undefined;

  const shownId = text ? id : null;
  useEffect(() => {
    if (shownId !== null) guidanceMemory.markShown(shownId);
  }, [shownId]);

  const go = useCallback((to: number) => {
    const target = GUIDANCE_TIPS[to];
    if (target) setChosen(target);
  }, []);

  return {
    ready,
    isNew: hasNewTip(tip, shown),
    current: id !== null && text ? { id, index, total: GUIDANCE_TIPS.length, text } : null,
    open: () => setChosen(tipToOpen(tip, guidanceMemory.getSnapshot())),
    close: () => {
      setChosen(null);
      setAutoPending(false);
    },
    previous: index > 0 ? () => go(index - 1) : undefined,
    next: index >= 0 && index < GUIDANCE_TIPS.length - 1 ? () => go(index + 1) : undefined,
  };
}
