import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { OutboxRecord } from '../../../offline/outbox';

/**
 * Discarding a parked entry asks first (docs/architecture.md 2). A new assessment started on the
 * device goes with the answers waiting for it (outbox.ts), and the dialog says so.
 */
export function DiscardParkedDialog(props: {
  /** The entry to discard; null while the dialog is closed. */
  discarding: OutboxRecord | null;
  onClose: () => void;
  onConfirm: (id: number) => void;
}) {
  const t = useTranslation();
  const { discarding } = props;
  const discardingCreate = discarding?.kind === 'create';
  return (
    <Modal
      opened={discarding !== null}
      onClose={props.onClose}
      title={t(discardingCreate ? 'outbox.discardCreate.title' : 'outbox.discardConfirm.title')}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack>
        <Text>{t(discardingCreate ? 'outbox.discardCreate.body' : 'outbox.discardConfirm.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            {t(discardingCreate ? 'outbox.discardCreate.cancel' : 'outbox.discardConfirm.cancel')}
          </Button>
          <Button
            color="red.9"
            onClick={() => {
              if (discarding?.id !== undefined) props.onConfirm(discarding.id);
              props.onClose();
            }}
          >
            {t(discardingCreate ? 'outbox.discardCreate.confirm' : 'outbox.discardConfirm.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
