import { Alert, Anchor, Button, CopyButton, Group, Stack, Text } from '@mantine/core';
import { IconCheck, IconLink } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import { ApiError } from '../../../api/http';
import { useNearbyProperties } from '../../../api/search-by-coordinates';
import { sharedCoordinates, type Coordinates } from '../../../domain/coordinates';
import { useTranslation } from '../../../i18n/use-translation';
import { useOnline } from '../../../ui/use-online';
import { WaitingForServer } from '../../../ui/waiting-for-server';
import { PropertyResultList } from './property-result-list';

/**
 * The residences nearest a place, nearest first, for the nearby page (the browser's position)
 * and the list of a place (a position in the URL). Offline, a list not on the device waits for
 * the connection and says so; React Query asks again when it returns.
 */
export function NearbyList(props: { organizationId: string; at: Coordinates }) {
  const t = useTranslation();
  const online = useOnline();
  const nearby = useNearbyProperties(props.organizationId, props.at);
  // A new place is a new wait.
  if (nearby.isPending)
    return (
      <WaitingForServer key={`${props.at.latitude},${props.at.longitude}`} label={t('search.loading')} />
    );
  if (nearby.isError) {
    if (!online)
      return (
        <Alert color="yellow" role="alert">
          {t('nearbyProperties.offline')}
        </Alert>
      );
    const noAnswer = nearby.error instanceof ApiError && nearby.error.isNetworkFailure;
    return (
      <Alert color="red" role="alert">
        <Stack gap="sm" align="flex-start">
          <Text>{noAnswer ? t('general.noAnswer.list') : t('general.error')}</Text>
          <Button variant="default" loading={nearby.isFetching} onClick={() => void nearby.refetch()}>
            {t('general.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return nearby.data.length === 0 ? (
    <Text role="status">{t('nearbyProperties.noResults')}</Text>
  ) : (
    <PropertyResultList results={nearby.data} />
  );
}

/**
 * A link to the list of this place (`/properties/by-location`, docs/product.md 2), to copy and
 * send to a colleague or keep as a bookmark. Where the browser may not write to the clipboard,
 * the link itself can be copied from its context menu.
 */
export function PlaceLink(props: { at: Coordinates }) {
  const t = useTranslation();
  const search = sharedCoordinates(props.at);
  // The link's own URL, as the router writes it, made absolute for another device.
  const href = new URL(
    useRouter().buildLocation({ to: '/properties/by-location', search }).href,
    window.location.origin,
  ).href;
  return (
    <Group gap="sm">
      <Anchor
        renderRoot={(rootProps) => <Link {...rootProps} to="/properties/by-location" search={search} />}
      >
        {t('byLocation.link')}
      </Anchor>
      {typeof navigator !== 'undefined' && navigator.clipboard && (
        <CopyButton value={href}>
          {({ copied, copy }) => (
            <Button
              variant="default"
              size="xs"
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconLink size={16} aria-hidden />}
              onClick={copy}
            >
              {copied ? t('byLocation.copied') : t('byLocation.copy')}
            </Button>
          )}
        </CopyButton>
      )}
    </Group>
  );
}
