import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useActiveOrganization } from '../features/organizations/active-organization';
import { ActiveAssessments } from '../features/residences/components/active-assessments';

export const Route = createFileRoute('/activeAssessments')({
  component: ActiveAssessmentsRoute,
});

function ActiveAssessmentsRoute() {
  const organization = useActiveOrganization();
  return (
    <Container size="lg" py="xl">
      {organization && <ActiveAssessments organizationId={organization.id} />}
    </Container>
  );
}
