import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useActiveOrganization } from '../../features/organizations/active-organization';
import { DepartmentList } from '../../features/residences/components/department-list';
import { useTranslation } from '../../i18n/use-translation';
import { PageHeader } from '../../ui/page-header';

export const Route = createFileRoute('/departments/')({
  component: DepartmentsRoute,
});

function DepartmentsRoute() {
  const t = useTranslation();
  const organization = useActiveOrganization();
  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('departments.title')} description={t('departments.description')} />
      {organization && <DepartmentList organizationId={organization.id} />}
    </Container>
  );
}
