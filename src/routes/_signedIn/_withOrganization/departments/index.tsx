import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { departmentsQueryOptions } from '../../../../api/get-departments';
import { DepartmentList } from '../../../../features/residence-lists/components/department-list';
import { useTranslation } from '../../../../i18n/use-translation';
import { PageHeader } from '../../../../ui/page-header';

export const Route = createFileRoute('/_signedIn/_withOrganization/departments/')({
  loader: ({ context }) =>
    context.queryClient.ensureQueryData(departmentsQueryOptions(context.organization.id)),
  component: DepartmentsRoute,
});

function DepartmentsRoute() {
  const t = useTranslation();
  const { organization } = Route.useRouteContext();
  return (
    <Container size="lg" py="xl">
      <PageHeader title={t('departments.title')} description={t('departments.description')} />
      <DepartmentList organizationId={organization.id} />
    </Container>
  );
}
