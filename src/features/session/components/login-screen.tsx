import { Anchor, Button, Group, Stack } from '@mantine/core';
import { loginUrl } from '../../../api/api-base';
import { safeReturnPath } from '../../../../shared/rules/session-rules';
import { useTranslation } from '../../../i18n/use-translation';
import { MessagePage } from '../../../ui/message-page';

/** docs/product.md 2, `/` logged out: the login screen with a help link and the accessibility statement. */
export function LoginScreen(props: { returnUrl?: string }) {
  const t = useTranslation();
  return (
    <MessagePage title={t('login.heading')} description={t('login.intro')}>
      <Stack gap="lg" align="flex-start">
        <Button component="a" href={loginUrl(safeReturnPath(props.returnUrl))} size="lg">
          {t('login.button')}
        </Button>
        <Group gap="lg">
          <Anchor href="/hjaelp.html">{t('login.helpLink')}</Anchor>
          <Anchor href="/tilgaengelighedserklaering.html">{t('login.accessibilityStatement')}</Anchor>
        </Group>
      </Stack>
    </MessagePage>
  );
}
