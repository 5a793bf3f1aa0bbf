import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PropertiesByLocation } from '../../../../features/residence-search/components/properties-by-location';
import { parseCoordinates } from '../../../../domain/coordinates';

/** The place is kept as it came; the page says when it is not one (docs/product.md 2). */
export const Route = createFileRoute('/_signedIn/_withOrganization/properties/by-location')({
  validateSearch: (search: Record<string, unknown>): { latitude?: unknown; longitude?: unknown } => ({
    latitude: search.latitude,
    longitude: search.longitude,
  }),
  component: ByLocationRoute,
});

function ByLocationRoute() {
  const { latitude, longitude } = Route.useSearch();
  const { organization } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <PropertiesByLocation organizationId={organization.id} at={parseCoordinates(latitude, longitude)} />
    </Container>
  );
}
