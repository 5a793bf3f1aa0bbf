import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useActiveOrganization } from '../../../features/organizations/active-organization';
import { SearchResults } from '../../../features/residences/components/search-results';

export const Route = createFileRoute('/properties/search/$searchQuery')({
  component: SearchRoute,
});

function SearchRoute() {
  const { searchQuery } = Route.useParams();
  const organization = useActiveOrganization();
  return (
    <Container size="lg" py="xl">
      {organization && <SearchResults organizationId={organization.id} query={searchQuery} />}
    </Container>
  );
}
