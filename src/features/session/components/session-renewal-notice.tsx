import { Button, Group, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useRouterState } from '@tanstack/react-router';
import { loginUrl } from '../../../api/api-base';
import { useTranslation } from '../../../i18n/use-translation';
import { useOnline } from '../../../ui/use-online';
import classes from './session-renewal-notice.module.css';

/**
 * The header's word when the token ended but the session on the device goes on
 * (docs/product.md "Session"): the user works on with what the device holds, and answers wait
 * for a new sign-in. Online it offers that sign-in, which returns to this same screen; offline
 * it says that answers wait until there is a connection too. A status, not an alert: nothing is
 * wrong with what the user is doing.
 */
export function SessionRenewalNotice() {
  const t = useTranslation();
  const online = useOnline();
  const here = useRouterState({ select: (s) => s.location.href });
  return (
    <div className={classes.notice} role="status">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm">
          <strong>{t('session.renew.title')}.</strong>{' '}
          {t(online ? 'session.renew.online' : 'session.renew.offline')}
        </Text>
        {online && (
          <Button
            component="a"
            href={loginUrl(here)}
            size="compact-sm"
            variant="filled"
            leftSection={<IconLogin2 size={16} aria-hidden />}
            style={{ flexShrink: 0 }}
          >
            {t('session.renew.button')}
          </Button>
        )}
      </Group>
    </div>
  );
}
