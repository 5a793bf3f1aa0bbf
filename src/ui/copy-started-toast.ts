import type { Translate } from '../i18n/translate';
import { showToast } from './toasts';

/**
 * "Copy" has begun (docs/product.md 4 "Bulk mode"): from a residence list, which stays open to
 * choose the targets in, and from the bulk-copy screen. One toast id, so starting again shows it
 * once.
 */
export function showCopyStartedToast(t: Translate): void {
  showToast({
    id: 'copy-started',
    kind: 'info',
    title: t('copy.toast.started.title'),
    message: t('copy.toast.started.body'),
    autoClose: 8000,
  });
}
