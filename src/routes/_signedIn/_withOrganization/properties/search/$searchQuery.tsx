import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { RESULTS_PAGE_SIZE, searchPropertiesQueryOptions } from '../../../../../api/search-properties';
import { SearchResults } from '../../../../../features/residences/components/search-results';

export const Route = createFileRoute('/_signedIn/_withOrganization/properties/search/$searchQuery')({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      searchPropertiesQueryOptions(context.organization.id, params.searchQuery.trim(), RESULTS_PAGE_SIZE),
    ),
  component: SearchRoute,
});

function SearchRoute() {
  const { searchQuery } = Route.useParams();
  const { organization } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <SearchResults organizationId={organization.id} query={searchQuery} />
    </Container>
  );
}
