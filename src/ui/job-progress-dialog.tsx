import { Alert, Button, Group, Modal, Progress, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from '../i18n/use-translation';

/**
 * docs/product.md 2: the blocking progress dialog of a copy or approval job. While the job runs it
 * cannot be closed (no close button, Escape and the overlay do nothing); a failed job shows its
 * error and a close button. Texts come from the caller, so the wording fits the job and count.
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
  onClose: () => void;
}) {
  const t = useTranslation();
  const labelId = useId();
  const failed = Boolean(props.error);
  const percent = props.maxCount > 0 ? Math.round((props.currentCount / props.maxCount) * 100) : 0;
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
          {props.progressText}
        </Text>
        {/* The progressbar role is on the section: its name must be there too (axe). */}
        <Progress.Root>
          <Progress.Section
            value={percent}
            aria-labelledby={labelId}
            animated={!failed && props.currentCount < props.maxCount}
            color={failed ? 'red.9' : undefined}
          />
        </Progress.Root>
        {props.error ? (
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
        ) : (
          <Text size="sm">{props.keepOpenText}</Text>
        )}
      </Stack>
    </Modal>
  );
}
