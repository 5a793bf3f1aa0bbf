import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { copyTargetsQueryOptions } from '../../../../../api/get-copy-targets';
import { locatedAssessmentsQueryOptions } from '../../../../../api/get-located-assessments';
import { BulkCopyScreen, sourceRefs } from '../../../../../features/bulk/copy/bulk-copy-screen';

/** /copy/{propertyId}/{assessmentId} (docs/product.md 2, write only by the `_write` layout). */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/copy/$propertyId/$assessmentId')({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(
        locatedAssessmentsQueryOptions(sourceRefs(params.propertyId, params.assessmentId)),
      ),
      context.queryClient.ensureQueryData(copyTargetsQueryOptions(params.assessmentId, params.propertyId)),
    ]),
  component: BulkCopyRoute,
});

function BulkCopyRoute() {
  const { propertyId, assessmentId } = Route.useParams();
  const { organization } = Route.useRouteContext();
  return (
    <Container size="md" py="xl">
      <BulkCopyScreen
        key={`${propertyId}/${assessmentId}`}
        organizationId={organization.id}
        propertyId={propertyId}
        assessmentId={assessmentId}
      />
    </Container>
  );
}
