import { Button, Stack, Text } from '@mantine/core';
import { loginUrl } from '../../../api/api-base';
import { safeReturnPath } from '../../../../shared/rules/session-rules';
import { useTranslation } from '../../../i18n/use-translation';
import { MessagePage } from '../../../ui/message-page';
import { useOnline } from '../../../ui/use-online';
import { useSessionState } from '../../../api/use-session-state';

/**
 * docs/product.md 2, `/loggedout`: log in again. A session on this device that reached its limit
 * (docs/product.md "Session") is locked here: nothing was deleted, and signing in again returns
 * to where the user was. Signing in needs the connection, so offline the button waits for it.
 */
export function LoggedOutScreen(props: { returnUrl?: string }) {
  const t = useTranslation();
  const online = useOnline();
  const state = useSessionState();
  // The session on the device goes on (locked, or its token refused with nothing of the user's
  // on the device): the sign-in returns to where the user was.
  const kept = state === 'locked' || state === 'renew';
  const returnPath = kept ? safeReturnPath(props.returnUrl) : '/';
  const [title, description] =
    state === 'locked'
      ? (['loggedOut.locked.title', 'loggedOut.locked.description'] as const)
      : state === 'renew'
        ? (['session.renew.title', 'session.renew.page'] as const)
        : (['loggedOut.title', 'loggedOut.description'] as const);
  return (
    <MessagePage title={t(title)} description={t(description)}>
      <Stack gap="xs" align="flex-start">
        {online ? (
          <Button component="a" href={loginUrl(returnPath)} size="lg">
            {t('loggedOut.button')}
          </Button>
        ) : (
          <>
            <Button size="lg" disabled aria-describedby="logged-out-offline">
              {t('loggedOut.button')}
            </Button>
            <Text id="logged-out-offline" size="sm">
              {t('loggedOut.offline')}
            </Text>
          </>
        )}
      </Stack>
    </MessagePage>
  );
}
