import { Group, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';
import { usePageTitle } from '../../../ui/use-page-title';
import { LogoutButton } from './logout-button';

/** The home screen's greeting with the user's name and the logout button (docs/product.md 2). */
export function Greeting(props: { userName: string }) {
  const t = useTranslation();
  usePageTitle(t('home.title'));
  return (
    <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
      <div>
        <Title order={1}>{t('home.greeting', { userName: props.userName })}</Title>
        <Text size="lg" c="dimmed">
          {t('home.intro')}
        </Text>
      </div>
      <LogoutButton variant="default" label={t('home.logout')} />
    </Group>
  );
}
