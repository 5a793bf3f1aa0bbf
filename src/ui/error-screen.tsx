import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../i18n/use-translation';
import { MessagePage } from './message-page';

/**
 * docs/product.md 8: the generic error page with title and description; a screen with an error
 * text of its own (`assessment.error`) gives it as the description.
 */
export function ErrorScreen(props: { error?: unknown; onRetry?: () => void; description?: string }) {
  const t = useTranslation();
  const message = props.error instanceof Error ? props.error.message : null;
  return (
    <MessagePage
      title={t('general.error.title')}
      description={props.description ?? t('general.error.description')}
    >
      {message && <Text c="dimmed">{t('general.error.details', { message })}</Text>}
      <Group>
        {props.onRetry && <Button onClick={props.onRetry}>{t('general.retry')}</Button>}
        <Button component={Link} to="/" variant="default">
          {t('general.home')}
        </Button>
      </Group>
    </MessagePage>
  );
}
