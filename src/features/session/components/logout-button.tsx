import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useState } from 'react';
import { tokenStore } from '../../../api/token-store';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { useLogout } from '../hooks/use-logout';

/** Answers not yet on the server, of the signed-in user (the outbox keeps them across logout). */
async function unsentAnswers(): Promise<number> {
  const ssoUuid = tokenStore.user();
  if (!ssoUuid) return 0;
  const { deviceOutbox } = await import('../../../offline/device-outbox');
  const snapshot = await deviceOutbox.snapshot(ssoUuid);
  return snapshot.pendingCount + snapshot.parkedCount;
}

/**
 * Logout with the guard of docs/architecture.md 2: with answers still waiting to be sent the user is
 * warned and asked first (they stay on the device and are sent at the next sign-in).
 */
export function LogoutButton(props: ButtonProps & { label: string }) {
  const t = useTranslation();
  const logout = useLogout();
  const [unsent, setUnsent] = useState(0);
  const { label, ...buttonProps } = props;
  return (
    <>
      <Button
        {...buttonProps}
        onClick={async () => {
          const count = await unsentAnswers().catch(() => 0);
          if (count > 0) setUnsent(count);
          else await logout();
        }}
      >
        {label}
      </Button>
      <Modal
        opened={unsent > 0}
        onClose={() => setUnsent(0)}
        title={t('outbox.logoutGuard.title')}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack>
          <Text>{t(pluralKey('outbox.logoutGuard.body', unsent), { count: unsent })}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setUnsent(0)}>
              {t('outbox.logoutGuard.stay')}
            </Button>
            <Button color="red.9" onClick={() => void logout()}>
              {t('outbox.logoutGuard.logout')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
