import { Alert, Badge, Button, Drawer, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCloudUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import type { OutboxRecord } from '../../../offline/outbox';
import { useOutbox } from '../hooks/use-outbox';
import { DiscardParkedDialog } from './discard-parked-dialog';
import { OutboxEntryCard } from './outbox-entry-card';

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
  if (pendingCount === 0 && parkedCount === 0) return null;
  // Answers, creates and hidden-question syncs in their one sending order.
  const pending = snapshot.records.filter((e) => e.state !== 'parked');
  const parked = snapshot.records.filter((e) => e.state === 'parked');
  // Answers of an assessment whose create is still on the device wait for it (outbox.ts claimNext).
  const notCreated = new Set(snapshot.records.filter((e) => e.kind === 'create').map((e) => e.assessmentId));

  const { onOpenQuestion } = props;
  const openQuestion =
    onOpenQuestion &&
    ((href: string) => {
      setOpen(false);
      onOpenQuestion(href);
    });
  const entryCard = (entry: OutboxRecord) => (
    <OutboxEntryCard
      key={entry.id}
      entry={entry}
      notCreated={notCreated.has(entry.assessmentId)}
      openQuestion={openQuestion}
      changedSinceChoice={(parked) => store.changedSinceChoice(parked, () => sender.drain())}
      onDiscard={setDiscarding}
    />
  );

  return (
    <>
      <OutboxBadge pendingCount={pendingCount} parkedCount={parkedCount} onOpen={() => setOpen(true)} />
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
              {pending.map(entryCard)}
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
              {parked.map(entryCard)}
            </Stack>
          )}
        </Stack>
      </Drawer>
      <DiscardParkedDialog
        discarding={discarding}
        onClose={() => setDiscarding(null)}
        onConfirm={(id) => void store.discardParked(id)}
      />
    </>
  );
}

/** The header's badge: how many entries wait and how many were refused, opening the list. */
function OutboxBadge(props: { pendingCount: number; parkedCount: number; onOpen: () => void }) {
  const t = useTranslation();
  const { pendingCount, parkedCount } = props;
  const label = [
    pendingCount > 0 ? t(pluralKey('header.outbox.pending', pendingCount), { count: pendingCount }) : null,
    parkedCount > 0 ? t(pluralKey('header.outbox.parked', parkedCount), { count: parkedCount }) : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <UnstyledButton onClick={props.onOpen} aria-label={`${t('header.outbox.open')}: ${label}`}>
      <Badge
        size="lg"
        color={parkedCount > 0 ? 'red.9' : 'blue.8'}
        leftSection={<IconCloudUpload size={16} aria-hidden />}
        style={{ cursor: 'pointer' }}
      >
        {pendingCount + parkedCount}
      </Badge>
    </UnstyledButton>
  );
}
