import { Alert, Anchor, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../i18n/use-translation';
import { formatBytes } from '../format-bytes';
import { useTakeAlong } from '../../../ui/use-take-along';

/**
 * The take along's progress wherever the user is: residences done of all, bytes fetched, a way to
 * stop, and at the end what happened. A full device names what to do.
 */
export function TakeAlongStatus() {
  const t = useTranslation();
  const { request, progress, persistGranted, cancel, dismiss } = useTakeAlong();
  if (!progress) return null;
  const size = formatBytes(progress.bytes);
  const running = progress.phase === 'running';
  const color =
    progress.phase === 'quota' || progress.phase === 'failed' ? 'red' : running ? 'blue' : 'green';
  const message = (() => {
    switch (progress.phase) {
      case 'running':
        return progress.total === 0
          ? t('takeAlong.status.preparing')
          : t('takeAlong.status.running', { done: progress.done, total: progress.total, size });
      case 'done':
        // The rest of a department: its count alone would read as the whole department.
        return t(
          request?.kind === 'department' && request.rest
            ? 'takeAlong.status.restDone'
            : 'takeAlong.status.done',
          {
            done: progress.done - progress.failed,
            size,
          },
        );
      case 'cancelled':
        return t('takeAlong.status.cancelled', {
          done: progress.done - progress.failed,
          total: progress.total,
        });
      case 'quota':
        return t('takeAlong.status.quota');
      case 'failed':
        return t('takeAlong.status.error');
    }
  })();
  return (
    <Alert
      color={color}
      role={progress.phase === 'quota' || progress.phase === 'failed' ? 'alert' : 'status'}
      aria-label={t('takeAlong.status.label')}
      withCloseButton={!running}
      onClose={dismiss}
      closeButtonLabel={t('general.close')}
      radius={0}
      py="xs"
    >
      <Stack gap={6}>
        <Text size="sm">{message}</Text>
        {progress.phase !== 'quota' && progress.failed > 0 && !running && (
          <Text size="sm">{t('takeAlong.status.failed', { count: progress.failed })}</Text>
        )}
        {persistGranted === false && <Text size="sm">{t('takeAlong.status.persistRefused')}</Text>}
        {running && progress.total > 0 && (
          <Progress
            value={(progress.done / progress.total) * 100}
            aria-label={t('takeAlong.status.progress')}
            size="sm"
          />
        )}
        <Group gap="sm">
          {running && (
            <Button size="compact-sm" variant="default" onClick={cancel}>
              {t('takeAlong.cancel')}
            </Button>
          )}
          {!running && (
            <Anchor component={Link} to="/offline" size="sm" onClick={dismiss}>
              {t('takeAlong.status.openPanel')}
            </Anchor>
          )}
        </Group>
      </Stack>
    </Alert>
  );
}
