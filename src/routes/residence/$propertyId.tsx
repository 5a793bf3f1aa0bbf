import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ResidenceScreen } from '../../features/residences/components/residence/residence-screen';

export const Route = createFileRoute('/residence/$propertyId')({
  component: ResidenceRoute,
});

function ResidenceRoute() {
  const { propertyId } = Route.useParams();
  return (
    <Container size="lg" py="xl">
      <ResidenceScreen key={propertyId} propertyId={propertyId} />
    </Container>
  );
}
