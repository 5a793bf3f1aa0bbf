import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import type { StorageFailure } from '../../../domain/save-status';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { STORAGE_FAILURE_TEXT } from './save-status-line';

/**
 * docs/product.md 2 "The assessment form": leaving asks "save and close, back, or delete".
 * Answers are stored on the device as they are typed, so the text never suggests they are
 * unsaved; it says truthfully which ones still wait to be sent, which the server refused, and
 * which the device could not store.
 */
export function SaveOrCloseDialog(props: {
  opened: boolean;
  /** This assessment's answers waiting in the outbox (pending or being sent). */
  pendingCount: number;
  /** This assessment's answers the server refused (parked). */
  parkedCount: number;
  /** Answers the device refused to store, with their reasons. */
  notSaved: readonly StorageFailure[];
  onSaveAndClose: () => void;
  onBack: () => void;
  onDelete: () => void;
}) {
  const t = useTranslation();
  const notSavedCount = props.notSaved.length;
  const body =
    notSavedCount > 0
      ? t('saveOrClose.body.othersSaved')
      : props.pendingCount > 0
        ? t(pluralKey('saveOrClose.body.pending', props.pendingCount), { count: props.pendingCount })
        : t('saveOrClose.body');
  return (
    <Modal
      opened={props.opened}
      onClose={props.onBack}
      title={t('saveOrClose.title')}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        {notSavedCount > 0 && (
          <Alert color="red" role="alert">
            {t(pluralKey('saveOrClose.body.notSaved', notSavedCount), {
              count: notSavedCount,
              reason: t(STORAGE_FAILURE_TEXT[props.notSaved[0]!]),
            })}
          </Alert>
        )}
        <Text>{body}</Text>
        {props.parkedCount > 0 && (
          <Alert color="yellow">
            {t(pluralKey('saveOrClose.body.parked', props.parkedCount), { count: props.parkedCount })}
          </Alert>
        )}
        <Stack gap="xs">
          <Button onClick={props.onSaveAndClose}>
            {notSavedCount > 0 ? t('saveOrClose.closeAnyway') : t('saveOrClose.saveAndClose')}
          </Button>
          <Button variant="default" onClick={props.onBack}>
            {t('saveOrClose.back')}
          </Button>
          <Button variant="outline" color="red.9" onClick={props.onDelete}>
            {t('saveOrClose.delete')}
          </Button>
        </Stack>
      </Stack>
    </Modal>
  );
}
