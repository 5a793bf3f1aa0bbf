import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import type { ChangedSinceChoice, OutboxRecord } from '../../../offline/outbox';
import { outboxEntryTitle } from '../outbox-entry-title';

/**
 * One entry of the outbox list (docs/architecture.md 2): its value, residence and question, why it
 * waits, and for a parked one the reason with the ways out of it.
 */
export function OutboxEntryCard(props: {
  entry: OutboxRecord;
  /** Its assessment's create is still on the device (outbox.ts claimNext holds the entry back). */
  notCreated: boolean;
  /** Leaves the list for the entry's question, to correct a refused value there. */
  openQuestion?: (href: string) => void;
  changedSinceChoice: (entry: OutboxRecord) => ChangedSinceChoice | undefined;
  onDiscard: (entry: OutboxRecord) => void;
}) {
  const t = useTranslation();
  const { entry, openQuestion } = props;
  return (
    <Stack gap={2} p="sm" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
      <Text fw={600}>{outboxEntryTitle(t, entry)}</Text>
      {entry.kind === 'answer' && (
        <Text size="sm">{t('outbox.value', { value: entry.valueText || t('outbox.value.empty') })}</Text>
      )}
      <Text size="sm">{t('outbox.residence', { location: entry.locationText })}</Text>
      {entry.kind === 'answer' && entry.questionPath && openQuestion && (
        <div>
          <Button
            size="xs"
            variant="subtle"
            px={0}
            // The same words on every entry: the name says which question.
            aria-label={`${t('outbox.openQuestion')}: ${entry.questionTitle}`}
            onClick={() => openQuestion(entry.questionPath!)}
          >
            {t('outbox.openQuestion')}
          </Button>
        </div>
      )}
      {entry.state === 'inflight' && <Text size="sm">{t('outbox.sending')}</Text>}
      {entry.state === 'pending' && entry.kind !== 'create' && props.notCreated && (
        <Text size="sm">{t('outbox.create.held')}</Text>
      )}
      {entry.state === 'parked' && (
        <>
          <Text size="sm" c="red.9">
            {t('outbox.reason', { reason: entry.parkedMessage ?? '' })}
          </Text>
          <ParkedActions entry={entry} choice={props.changedSinceChoice(entry)} onDiscard={props.onDiscard} />
        </>
      )}
    </Stack>
  );
}

/** A newer answer on the server: the user picks one of the two the reason names; else discard. */
function ParkedActions(props: {
  entry: OutboxRecord;
  choice: ChangedSinceChoice | undefined;
  onDiscard: (entry: OutboxRecord) => void;
}) {
  const t = useTranslation();
  const { choice } = props;
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
      <Button size="xs" color="red.9" variant="outline" onClick={() => props.onDiscard(props.entry)}>
        {t('outbox.discard')}
      </Button>
    </Group>
  );
}
