import { Text } from '@mantine/core';
import { FRESH_WAIT_MS } from '../api/fresh-query';
import { useTranslation } from '../i18n/use-translation';
import { useWaitedFor } from './use-waited-for';

/**
 * On a connection that passes nothing the request that starts a copy or an approval waits for its
 * time-out (20 s): after 2.5 s of `waiting` this says why nothing moves, as a page does
 * (docs/architecture.md 2, "Lie-fi is offline"). A polite live region, empty meanwhile.
 */
export function StartWaitNote(props: { waiting: boolean }) {
  const t = useTranslation();
  const silent = useWaitedFor(props.waiting, 'start', FRESH_WAIT_MS);
  return (
    <Text size="sm" aria-live="polite">
      {silent ? t('jobProgress.waitingForServer') : ''}
    </Text>
  );
}
