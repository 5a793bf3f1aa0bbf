import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useActiveOrganization } from '../../features/organizations/active-organization';
import { NearbyProperties } from '../../features/residences/components/nearby-properties';

export const Route = createFileRoute('/properties/nearby')({
  component: NearbyRoute,
});

function NearbyRoute() {
  const organization = useActiveOrganization();
  return (
    <Container size="lg" py="xl">
      {organization && <NearbyProperties organizationId={organization.id} />}
    </Container>
  );
}
