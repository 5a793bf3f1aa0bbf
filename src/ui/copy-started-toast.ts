import type { Translate } from '../i18n/translate';
import { dismissToast, showToast } from './toasts';

const COPY_STARTED = 'copy-started';

/**
 * "Copy" has begun (docs/product.md 4 "Bulk mode"): from a residence list, which stays open to
 * choose the targets in, and from the bulk-copy screen. One toast id, so starting again shows it
 * once.
 */
export function showCopyStartedToast(t: Translate): void {
  showToast({
    id: COPY_STARTED,
    kind: 'info',
    title: t('copy.toast.started.title'),
    message: t('copy.toast.started.body'),
    autoClose: 8000,
  });
}

/**
 * The targets have been chosen (the /copy summary is open): the hint to choose them has done its
 * work, and left for its 8 s it would cover "Indsæt" at the bottom of a long summary.
 */
export function dismissCopyStartedToast(): void {
  dismissToast(COPY_STARTED);
}
