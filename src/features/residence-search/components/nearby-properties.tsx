import { Alert, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import type { Coordinates } from '../../../domain/coordinates';
import { NearbyList, PlaceLink } from './nearby-list';

type Locating =
  | { state: 'asking' }
  | { state: 'locating' }
  | { state: 'located'; at: Coordinates }
  | { state: 'failed'; message: string };

/**
 * docs/product.md 2, /properties/nearby: a dialog asks for the location; after the button the browser's
 * position is read and the nearest residences listed. Unsupported geolocation shows
 * nearbyProperties.locationDisabledError; a refusal the general error plus the browser's message.
 */
export function NearbyProperties(props: { organizationId: string }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const [locating, setLocating] = useState<Locating>({ state: 'asking' });

  const locate = () => {
    if (!('geolocation' in navigator)) {
      setLocating({ state: 'failed', message: t('nearbyProperties.locationDisabledError') });
      return;
    }
    setLocating({ state: 'locating' });
    navigator.geolocation.getCurrentPosition(
      (position) =>
        setLocating({
          state: 'located',
          at: { latitude: position.coords.latitude, longitude: position.coords.longitude },
        }),
      (error) => setLocating({ state: 'failed', message: `${t('general.error')} ${error.message}` }),
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 60_000 },
    );
  };

  return (
    <>
      <PageHeader title={t('nearbyProperties.title')} description={t('nearbyProperties.description')}>
        {locating.state === 'located' && <PlaceLink at={locating.at} />}
      </PageHeader>
      <Modal
        opened={locating.state === 'asking'}
        onClose={() => void navigate({ to: '/' })}
        title={t('nearbyProperties.dialog.title')}
        closeButtonProps={{ 'aria-label': t('general.close') }}
        centered
      >
        <Stack gap="md">
          <Text>{t('nearbyProperties.dialog.body')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => void navigate({ to: '/' })}>
              {t('nearbyProperties.dialog.cancel')}
            </Button>
            <Button onClick={locate}>{t('nearbyProperties.dialog.button')}</Button>
          </Group>
        </Stack>
      </Modal>
      {locating.state === 'locating' && (
        <Center py="xl">
          <Loader role="status" aria-label={t('nearbyProperties.locating')} />
        </Center>
      )}
      {locating.state === 'failed' && (
        <Alert color="red" role="alert" title={t('general.error.title')}>
          <Stack gap="sm" align="flex-start">
            <Text>{locating.message}</Text>
            <Button variant="default" onClick={locate}>
              {t('nearbyProperties.retry')}
            </Button>
          </Stack>
        </Alert>
      )}
      {locating.state === 'located' && <NearbyList organizationId={props.organizationId} at={locating.at} />}
    </>
  );
}
