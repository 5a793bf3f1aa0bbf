import { Alert, Anchor } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Coordinates } from '../../../domain/coordinates';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { NearbyList, PlaceLink } from './nearby-list';

const degrees = (n: number) => n.toLocaleString('da-DK', { maximumFractionDigits: 5 });

/**
 * docs/product.md 2, `/properties/by-location`: the residences nearest a place given in the URL,
 * as the nearby page lists them, but without asking for the browser's position: a list someone
 * sent, or one kept as a bookmark. A URL without a valid place says so and offers the nearby page.
 */
export function PropertiesByLocation(props: { organizationId: string; at: Coordinates | null }) {
  const t = useTranslation();
  const nearbyLink = (
    <Anchor component={Link} to="/properties/nearby">
      {t('byLocation.nearbyLink')}
    </Anchor>
  );
  if (!props.at)
    return (
      <>
        <PageHeader title={t('byLocation.title')} />
        <Alert color="red" role="alert" title={t('byLocation.invalid.title')}>
          {t('byLocation.invalid.description')} {nearbyLink}
        </Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title={t('byLocation.title')}
        description={t('byLocation.description', {
          latitude: degrees(props.at.latitude),
          longitude: degrees(props.at.longitude),
        })}
      >
        <PlaceLink at={props.at} />
      </PageHeader>
      <NearbyList organizationId={props.organizationId} at={props.at} />
    </>
  );
}
