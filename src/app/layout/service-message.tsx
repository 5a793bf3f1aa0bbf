import { CloseButton, Group, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { staticContentQueryOptions } from '../../api/get-static-content';
import { useTranslation } from '../../i18n/use-translation';
import { DISMISSED_SERVICE_MESSAGE, sessionValues } from '../../offline/client-state';
import classes from './app-header.module.css';

/** docs/product.md 2: an optional service message, dismissible; the dismissal is kept for the session. */
export function ServiceMessage() {
  const t = useTranslation();
  const { data } = useQuery({ ...staticContentQueryOptions(), select: (c) => c.serviceMessage });
  const [dismissed, setDismissed] = useState(() => sessionValues.get<string>(DISMISSED_SERVICE_MESSAGE));
  if (!data || dismissed === data.id) return null;
  return (
    <section className={classes.serviceMessage} aria-label={t('header.serviceMessage.label')}>
      <Group justify="space-between" wrap="nowrap" gap="xs" h="100%">
        <Text size="sm">{data.text}</Text>
        <CloseButton
          size="sm"
          aria-label={t('header.serviceMessage.dismiss')}
          onClick={() => {
            sessionValues.set(DISMISSED_SERVICE_MESSAGE, data.id);
            setDismissed(data.id);
          }}
        />
      </Group>
    </section>
  );
}
