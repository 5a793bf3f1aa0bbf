import { Button } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../i18n/use-translation';
import { MessagePage } from './message-page';

/** docs/product.md 2: any other path shows the not-found screen with a link home. */
export function NotFoundScreen() {
  const t = useTranslation();
  return (
    <MessagePage title={t('general.404.title')} description={t('general.404.description')}>
      <div>
        <Button component={Link} to="/">
          {t('general.home')}
        </Button>
      </div>
    </MessagePage>
  );
}
