import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../i18n/use-translation';

/**
 * docs/product.md 4 "Unlock": the confirmation before an approved assessment is copied into a
 * new draft, or, when the residence already has a ready or draft one, the message that says so.
 * A failed unlock keeps confirm disabled until the dialog is cancelled (docs/product.md 8).
 */
export function UnlockDialog(props: {
  opened: boolean;
  eligible: boolean;
  pending: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslation();
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={t('residence.unlock.dialog.title')}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        <Text>
          {props.eligible ? t('residence.unlock.dialog.body') : t('residence.unlock.existingAssessments')}
        </Text>
        {props.failed && (
          <Alert color="red" role="alert">
            {t('assessment.dialog.unlock.error')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('residence.unlock.dialog.cancel')}
          </Button>
          {props.eligible && (
            <Button loading={props.pending} disabled={props.failed} onClick={props.onConfirm}>
              {t('residence.unlock.dialog.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
