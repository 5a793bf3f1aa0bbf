import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { NearbyProperties } from '../../../../features/residence-search/components/nearby-properties';

/** No loader: the list waits for the position the user gives in the dialog. */
export const Route = createFileRoute('/_signedIn/_withOrganization/properties/nearby')({
  component: NearbyRoute,
});

function NearbyRoute() {
  const { organization } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <NearbyProperties organizationId={organization.id} />
    </Container>
  );
}
