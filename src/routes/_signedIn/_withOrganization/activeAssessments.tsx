import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { activeAssessmentsQueryOptions } from '../../../api/get-active-assessments';
import { ActiveAssessments } from '../../../features/residence-lists/components/active-assessments';

export const Route = createFileRoute('/_signedIn/_withOrganization/activeAssessments')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(activeAssessmentsQueryOptions(context.organization.id)),
  component: ActiveAssessmentsRoute,
});

function ActiveAssessmentsRoute() {
  const { organization } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <ActiveAssessments organizationId={organization.id} />
    </Container>
  );
}
