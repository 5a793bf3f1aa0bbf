import { Button } from '@mantine/core';
import { loginUrl } from '../../../api/api-base';
import { useTranslation } from '../../../i18n/use-translation';
import { MessagePage } from '../../../ui/message-page';

/** docs/product.md 2, `/loggedout`: the session expired; log in again. */
export function LoggedOutScreen() {
  const t = useTranslation();
  return (
    <MessagePage title={t('loggedOut.title')} description={t('loggedOut.description')}>
      <div>
        <Button component="a" href={loginUrl('/')} size="lg">
          {t('loggedOut.button')}
        </Button>
      </div>
    </MessagePage>
  );
}
