import type { Translate } from '../../i18n/translate';
import type { OutboxRecord } from '../../offline/outbox';

/**
 * What an outbox entry is, in words, for the header's list and the refused-entry toast
 * (docs/architecture.md 2, outbox): an answer by its question, a create and a hidden-questions
 * sync by what they do, since they carry no question of their own.
 */
export function outboxEntryTitle(t: Translate, entry: OutboxRecord): string {
  switch (entry.kind) {
    case 'answer':
      return t('outbox.question', { question: entry.questionTitle || t('outbox.unknownQuestion') });
    case 'create':
      return t('outbox.create.title');
    case 'syncHidden':
      return t('outbox.syncHidden.title');
    case 'photo':
      return entry.questionTitle
        ? t('outbox.photo.title', { question: entry.questionTitle })
        : t('outbox.photo.ofResidence');
    case 'deletePhoto':
      return t('outbox.deletePhoto.title');
  }
}
