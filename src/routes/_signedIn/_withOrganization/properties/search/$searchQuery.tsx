import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { SearchResults } from '../../../../../features/residence-search/components/search-results';
import { loadSearchResults } from '../../../../../features/residence-search/search-source';

export const Route = createFileRoute('/_signedIn/_withOrganization/properties/search/$searchQuery')({
  // Online the server's search; offline the residences on the device (docs/product.md 2 "Routes").
  loader: ({ context, params }) =>
    loadSearchResults(context.queryClient, context.organization.id, params.searchQuery),
  component: SearchRoute,
});

function SearchRoute() {
  const { searchQuery } = Route.useParams();
  const { organization } = Route.useRouteContext();
  const source = Route.useLoaderData();
  return (
    <Container size="lg" py="xl">
      <SearchResults organizationId={organization.id} query={searchQuery} source={source} />
    </Container>
  );
}
