import { Container } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { SEARCH_MAX_LENGTH } from '../../../../../shared/contract/limits';
import { PropertySearchPage } from '../../../../features/residence-search/components/property-search-page';

export const Route = createFileRoute('/_signedIn/_withOrganization/properties/')({
  validateSearch: (search: Record<string, unknown>): { q?: string } =>
    typeof search.q === 'string' && search.q.trim() !== '' ? { q: search.q.slice(0, SEARCH_MAX_LENGTH) } : {},
  component: PropertySearchRoute,
});

function PropertySearchRoute() {
  const { q } = Route.useSearch();
  const { organization } = Route.useRouteContext();
  const navigate = useNavigate({ from: Route.fullPath });
  // Replace, not push: Back leaves the page instead of stepping through every pause in typing.
  const keepQuery = useCallback(
    (query: string) => void navigate({ search: query ? { q: query } : {}, replace: true }),
    [navigate],
  );
  return (
    <Container size="lg" py="xl">
      <PropertySearchPage organizationId={organization.id} query={q ?? ''} onQueryChange={keepQuery} />
    </Container>
  );
}
