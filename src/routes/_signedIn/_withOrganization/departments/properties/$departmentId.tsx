import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { isDisplayStatus, type DisplayStatus } from '../../../../../../shared/rules/statuses';
import { departmentsQueryOptions } from '../../../../../api/get-departments';
import { propertiesByDepartmentQueryOptions } from '../../../../../api/get-properties-by-department';
import { listGuidanceTip } from '../../../../../domain/guidance';
import { useBulkMode } from '../../../../../features/bulk/hooks/use-bulk-mode';
import { GuidanceButton } from '../../../../../features/guidance/components/guidance-button';
import { DepartmentProperties } from '../../../../../features/residence-lists/components/department-properties';

export const Route = createFileRoute('/_signedIn/_withOrganization/departments/properties/$departmentId')({
  // ?status=calculated opens the list filtered (the overview's numbers link so).
  validateSearch: (search: Record<string, unknown>): { status?: DisplayStatus } =>
    isDisplayStatus(search.status) ? { status: search.status } : {},
  // The loader stays in the entry chunk, unlike other routes' (vite.config.ts): it imports only
  // query options, and a signed-in start opening this screen asks for its data as soon as the
  // guards pass instead of after the screen's chunk and `shared` have arrived, one more round trip
  // on a weak line (docs/performance.md "Bytes on the wire").
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  // The list needs only the department's id: asked for at start, beside user info.
  staticData: {
    startRequests: (queryClient, params) =>
      void queryClient.prefetchQuery(propertiesByDepartmentQueryOptions(params.departmentId!)),
  },
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(departmentsQueryOptions(context.organization.id)),
      context.queryClient.ensureQueryData(propertiesByDepartmentQueryOptions(params.departmentId)),
    ]),
  component: DepartmentPropertiesRoute,
});

function DepartmentPropertiesRoute() {
  const { departmentId } = Route.useParams();
  const { status } = Route.useSearch();
  const { organization } = Route.useRouteContext();
  const { state: bulk } = useBulkMode();
  return (
    <Container size="xl" py="xl">
      <DepartmentProperties
        organizationId={organization.id}
        departmentId={departmentId}
        status={status}
        guidance={<GuidanceButton {...listGuidanceTip(bulk.mode)} />}
      />
    </Container>
  );
}
