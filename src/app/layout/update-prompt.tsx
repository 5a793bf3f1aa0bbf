import { Button, Group, Notification, Text } from '@mantine/core';
import { useTranslation } from '../../i18n/use-translation';
import { applyUpdate, dismissUpdate, usePwaState } from '../pwa';
import classes from './update-prompt.module.css';

/** A new version is waiting: the user decides when to reload (docs/architecture.md 2). */
export function UpdatePrompt() {
  const t = useTranslation();
  const { updateWaiting } = usePwaState();
  if (!updateWaiting) return null;
  return (
    <div className={classes.prompt}>
      <Notification role="status" title={t('header.update.message')} withCloseButton={false} withBorder>
        <Text size="sm" mb="xs">
          {t('header.update.hint')}
        </Text>
        <Group gap="xs">
          <Button size="xs" onClick={() => void applyUpdate()}>
            {t('header.update.reload')}
          </Button>
          <Button size="xs" variant="default" onClick={dismissUpdate}>
            {t('header.update.later')}
          </Button>
        </Group>
      </Notification>
    </div>
  );
}
