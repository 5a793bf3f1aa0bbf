import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { activeAssessmentsQueryOptions } from '../../../api/get-active-assessments';
import { departmentsQueryOptions } from '../../../api/get-departments';
import { parseActiveListSearch, type ActiveListSearch } from '../../../../shared/rules/active-list-filters';
import { ActiveAssessments } from '../../../features/residence-lists/components/active-assessments';

export const Route = createFileRoute('/_signedIn/_withOrganization/activeAssessments')({
  // ?mine=true&status=…&department=…&sort=…: the filters live in the URL (bookmark, reload, Back).
  validateSearch: (search: Record<string, unknown>): ActiveListSearch => parseActiveListSearch(search),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(activeAssessmentsQueryOptions(context.organization.id)),
      // The department filter's names; the list works without them (offline, never fetched).
      context.queryClient.ensureQueryData(departmentsQueryOptions(context.organization.id)).catch(() => null),
    ]),
  component: ActiveAssessmentsRoute,
});

function ActiveAssessmentsRoute() {
  const { organization } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <Container size="lg" py="xl">
      <ActiveAssessments
        organizationId={organization.id}
        search={search}
        // Replaced, not pushed: Back leaves the list as it was last seen, not filter by filter.
        onSearch={(next) => void navigate({ search: next, replace: true })}
      />
    </Container>
  );
}
