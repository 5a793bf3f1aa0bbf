import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { OverwriteKind } from '../../../domain/residence-actions';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * docs/product.md 4 "Overwrite": the warning before a new assessment, in the words of the
 * residence's deciding assessment (`kind`); a ready one only explains and offers the way back.
 */
export function OverwriteDialog(props: {
  opened: boolean;
  kind: OverwriteKind | null;
  pending: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const t = useTranslation();
  const { kind } = props;
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={kind ? t(`residence.overwrite.${kind}.title`) : ''}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        <Text>{kind ? t(`residence.overwrite.${kind}.body`) : ''}</Text>
        {props.failed && (
          <Alert color="red" role="alert">
            {t('assessment.dialog.overwrite.error')}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t('residence.overwrite.back')}
          </Button>
          {kind !== 'ready' && (
            <Button color="red.9" loading={props.pending} onClick={props.onConfirm}>
              {t('residence.overwrite.confirm')}
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
