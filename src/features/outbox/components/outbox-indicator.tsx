import { Alert, Badge, Button, Drawer, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import type { OutboxRecord } from '../../../offline/outbox';
import { useOutbox } from '../hooks/use-outbox';
import { outboxEntryTitle } from '../outbox-entry-title';

/**
 * docs/architecture.md 2: the header indicator with the count of answers not yet on the server, and
 * the list of pending and parked answers (value, residence, question, reason) with retry now
 * and, for parked ones only, discard after confirmation. With `onOpenQuestion` (the header's
 * navigation) an answer that knows its question links to it, to correct a refused value there.
 */
export function OutboxIndicator(props: { onOpenQuestion?: (href: string) => void }) {
  const t = useTranslation();
  const { sender, snapshot, store } = useOutbox();
  const [open, setOpen] = useState(false);
  const [discarding, setDiscarding] = useState<OutboxRecord | null>(null);
  const { pendingCount, parkedCount } = snapshot;
  // A new assessment started on the device goes with the answers waiting for it (outbox.ts).
  const discardingCreate = discarding?.kind === 'create';
  if (pendingCount === 0 && parkedCount === 0) return null;
  // Answers, creates and hidden-question syncs in their one sending order.
  const pending = snapshot.records.filter((e) => e.state !== 'parked');
  const parked = snapshot.records.filter((e) => e.state === 'parked');
  // Answers of an assessment whose create is still on the device wait for it (outbox.ts claimNext).
  const notCreated = new Set(snapshot.records.filter((e) => e.kind === 'create').map((e) => e.assessmentId));
  const label = [
    pendingCount > 0 ? t(pluralKey('header.outbox.pending', pendingCount), { count: pendingCount }) : null,
    parkedCount > 0 ? t(pluralKey('header.outbox.parked', parkedCount), { count: parkedCount }) : null,
  ]
    .filter(Boolean)
    .join(', ');

  const parkedActions = (entry: OutboxRecord) => {
    // A newer answer on the server: the user picks one of the two the reason names.
    const choice = store.changedSinceChoice(entry, () => sender.drain());
    if (choice) {
      return (
        <Group>
          <Button size="xs" onClick={() => void choice.keepMine()}>
            {t('outbox.changedSince.keepMine')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void choice.takeNewest()}>
            {t('outbox.changedSince.takeNewest')}
          </Button>
        </Group>
      );
    }
    return (
      <Group>
        <Button size="xs" color="red.9" variant="outline" onClick={() => setDiscarding(entry)}>
          {t('outbox.discard')}
        </Button>
      </Group>
    );
  };

  const entryView = (entry: OutboxRecord) => (
    <Stack
      key={entry.id}
      gap={2}
      p="sm"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
    >
      <Text fw={600}>{outboxEntryTitle(t, entry)}</Text>
      {entry.kind === 'answer' && (
        <Text size="sm">{t('outbox.value', { value: entry.valueText || t('outbox.value.empty') })}</Text>
      )}
      <Text size="sm">{t('outbox.residence', { location: entry.locationText })}</Text>
      {entry.kind === 'answer' && entry.questionPath && props.onOpenQuestion && (
        <div>
          <Button
            size="xs"
            variant="subtle"
            px={0}
            // The same words on every entry: the name says which question.
            aria-label={`${t('outbox.openQuestion')}: ${entry.questionTitle}`}
            onClick={() => {
              setOpen(false);
              props.onOpenQuestion!(entry.questionPath!);
            }}
          >
            {t('outbox.openQuestion')}
          </Button>
        </div>
      )}
      {entry.state === 'inflight' && <Text size="sm">{t('outbox.sending')}</Text>}
      {entry.state === 'pending' && entry.kind !== 'create' && notCreated.has(entry.assessmentId) && (
        <Text size="sm">{t('outbox.create.held')}</Text>
      )}
      {entry.state === 'parked' && (
        <>
          <Text size="sm" c="red.9">
            {t('outbox.reason', { reason: entry.parkedMessage ?? '' })}
          </Text>
          {parkedActions(entry)}
        </>
      )}
    </Stack>
  );

  return (
    <>
      <UnstyledButton onClick={() => setOpen(true)} aria-label={`${t('header.outbox.open')}: ${label}`}>
        <Badge
          size="lg"
          color={parkedCount > 0 ? 'red.9' : 'blue.8'}
          leftSection={<IconCloudUpload size={16} aria-hidden />}
          style={{ cursor: 'pointer' }}
        >
          {pendingCount + parkedCount}
        </Badge>
      </UnstyledButton>
      <Drawer
        opened={open}
        onClose={() => setOpen(false)}
        title={t('outbox.title')}
        position="right"
        closeButtonProps={{ 'aria-label': t('general.close') }}
      >
        <Stack gap="md">
          <Text size="sm">{t('outbox.description')}</Text>
          {pending.length > 0 && (
            <Stack gap="xs">
              <Text component="h3" fw={700}>
                {t('outbox.pending.heading')}
              </Text>
              {pending.map(entryView)}
              <div>
                <Button onClick={() => void sender.retryNow()}>{t('outbox.retryNow')}</Button>
              </div>
            </Stack>
          )}
          {parked.length > 0 && (
            <Stack gap="xs">
              <Text component="h3" fw={700}>
                {t('outbox.parked.heading')}
              </Text>
              <Alert color="red">{t('outbox.parked.description')}</Alert>
              {parked.map(entryView)}
            </Stack>
          )}
        </Stack>
      </Drawer>
      <Modal
        opened={discarding !== null}
        onClose={() => setDiscarding(null)}
        title={t(discardingCreate ? 'outbox.discardCreate.title' : 'outbox.discardConfirm.title')}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack>
          <Text>{t(discardingCreate ? 'outbox.discardCreate.body' : 'outbox.discardConfirm.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDiscarding(null)}>
              {t(discardingCreate ? 'outbox.discardCreate.cancel' : 'outbox.discardConfirm.cancel')}
            </Button>
            <Button
              color="red.9"
              onClick={() => {
                if (discarding?.id !== undefined) void store.discardParked(discarding.id);
                setDiscarding(null);
              }}
            >
              {t(discardingCreate ? 'outbox.discardCreate.confirm' : 'outbox.discardConfirm.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
