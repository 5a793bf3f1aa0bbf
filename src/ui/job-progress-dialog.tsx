import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useId, useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { StartWaitNote } from './start-wait-note';

/**
 * docs/product.md 2: the blocking progress dialog of a copy or approval job. While the job runs it
 * cannot be closed (no close button, Escape and the overlay do nothing), but its owner may Stop it;
 * a failed job shows its error and a close button. Texts come from the caller, so the wording fits the job and count.
 */
export function JobProgressDialog(props: {
  opened: boolean;
  title: string;
  /** "Godkender 1 af 2 vurderinger": singular or plural by the caller. */
  progressText: string;
  keepOpenText: string;
  currentCount: number;
  maxCount: number;
  /** Set when the job failed: the dialog shows it and can be closed. */
  error?: { text: string; details: readonly string[] } | null;
  /** True until the server has answered the request that starts the job. */
  starting?: boolean;
  onClose: () => void;
  /**
   * Stop for the job's owner (docs/api.md "Jobs", cancel): the server stops at the next item and
   * what was done stays done. Rejects when the request did not get through.
   */
  onStop?: () => Promise<void>;
}) {
  const t = useTranslation();
  const labelId = useId();
  const [stop, setStop] = useState<'idle' | 'stopping' | 'failed'>('idle');
  const failed = Boolean(props.error);
  const { onStop } = props;
  const requestStop = () => {
    if (!onStop || stop === 'stopping') return;
    setStop('stopping');
    onStop().then(
      () => setStop('idle'),
      () => setStop('failed'),
    );
  };
  // While the dialog fades out its job is gone already, and the counts would read "0 af 2179"
  // for the moment it is still on screen: it keeps showing the last counts it had open.
  const current = {
    progressText: props.progressText,
    currentCount: props.currentCount,
    maxCount: props.maxCount,
  };
  const [lastOpen, setLastOpen] = useState(current);
  if (
    props.opened &&
    (lastOpen.progressText !== current.progressText ||
      lastOpen.currentCount !== current.currentCount ||
      lastOpen.maxCount !== current.maxCount)
  ) {
    setLastOpen(current);
  }
  const { progressText, currentCount, maxCount } = props.opened ? current : lastOpen;
  const percent = maxCount > 0 ? Math.round((currentCount / maxCount) * 100) : 0;
  return (
    <Modal
      opened={props.opened}
      onClose={failed ? props.onClose : () => {}}
      title={props.title}
      withCloseButton={failed}
      closeOnEscape={failed}
      closeOnClickOutside={failed}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        <Text id={labelId} aria-live="polite">
          {progressText}
        </Text>
        <StartWaitNote waiting={Boolean(props.opened && props.starting && !props.error)} />
        {/* The progressbar role is on the section: its name must be there too (axe). */}
        <Progress.Root>
          <Progress.Section
            value={percent}
            aria-labelledby={labelId}
            animated={!failed && currentCount < maxCount}
            color={failed ? 'red.9' : undefined}
          />
        </Progress.Root>
        {props.error ? (
          <JobFailure error={props.error} onClose={props.onClose} />
        ) : (
          <JobRunning
            keepOpenText={props.keepOpenText}
            stop={stop}
            onStop={onStop && currentCount < maxCount ? requestStop : undefined}
          />
        )}
      </Stack>
    </Modal>
  );
}

/** A failed job: its error with the details, and the way to close the dialog. */
function JobFailure(props: { error: { text: string; details: readonly string[] }; onClose: () => void }) {
  const t = useTranslation();
  return (
    <>
      <Alert color="red" role="alert">
        <Text>{props.error.text}</Text>
        {props.error.details.map((detail) => (
          <Text key={detail} size="sm">
            {detail}
          </Text>
        ))}
      </Alert>
      <Group justify="flex-end">
        <Button onClick={props.onClose}>{t('general.close')}</Button>
      </Group>
    </>
  );
}

/** A running job: keep the app open, and Stop while items are left (`onStop` only then). */
function JobRunning(props: {
  keepOpenText: string;
  stop: 'idle' | 'stopping' | 'failed';
  onStop: (() => void) | undefined;
}) {
  const t = useTranslation();
  const { stop } = props;
  return (
    <>
      <Text size="sm">{props.keepOpenText}</Text>
      {stop === 'failed' && (
        <Text size="sm" role="alert">
          {t('jobProgress.stopFailed')}
        </Text>
      )}
      {props.onStop && (
        <Group justify="flex-end">
          <Button variant="default" color="red" loading={stop === 'stopping'} onClick={props.onStop}>
            {stop === 'stopping' ? t('jobProgress.stopping') : t('jobProgress.stop')}
          </Button>
        </Group>
      )}
    </>
  );
}
