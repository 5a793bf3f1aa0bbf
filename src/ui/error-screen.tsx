import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { useTranslation } from '../i18n/use-translation';
import { MessagePage } from './message-page';

/**
 * docs/product.md 8: the generic error page with title and description; a screen with an error
 * text of its own (`assessment.error`) gives it as the description. A request that met no server
 * while the app counts as online (lie-fi's first time-out, a server that is down) is no
 * unexpected error: the page says the server did not answer (docs/architecture.md "Lie-fi is
 * offline"); offline, RouteError says the page is not on the device before this is reached.
 */
export function ErrorScreen(props: { error?: unknown; onRetry?: () => void; description?: string }) {
  const t = useTranslation();
  const noAnswer = props.error instanceof ApiError && props.error.isNetworkFailure;
  const message = !noAnswer && props.error instanceof Error ? props.error.message : null;
  return (
    <MessagePage
      title={noAnswer ? t('general.noAnswer.title') : t('general.error.title')}
      description={
        noAnswer ? t('general.noAnswer.description') : (props.description ?? t('general.error.description'))
      }
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
