import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useActiveOrganization } from '../../../features/organizations/active-organization';
import { DepartmentProperties } from '../../../features/residences/components/department-properties';

export const Route = createFileRoute('/departments/properties/$departmentId')({
  component: DepartmentPropertiesRoute,
});

function DepartmentPropertiesRoute() {
  const { departmentId } = Route.useParams();
  const organization = useActiveOrganization();
  return (
    <Container size="xl" py="xl">
      {organization && <DepartmentProperties organizationId={organization.id} departmentId={departmentId} />}
    </Container>
  );
}
