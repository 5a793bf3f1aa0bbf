import { Container } from '@mantine/core';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { OVERVIEW_EXTENSION } from '../../../../shared/contract/overview';
import { overviewQueryOptions } from '../../../api/get-overview';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import { OverviewScreen } from '../../../features/overview/components/overview-screen';

/** The organization's overview (docs/api.md "Extensions"): only where the server offers it. */
export const Route = createFileRoute('/_signedIn/_withOrganization/overview')({
  loader: async ({ context }) => {
    const content = await context.queryClient.ensureQueryData(staticContentQueryOptions());
    if (!content.extensions?.includes(OVERVIEW_EXTENSION)) throw notFound();
    await context.queryClient.ensureQueryData(overviewQueryOptions(context.organization.id));
  },
  component: OverviewRoute,
});

function OverviewRoute() {
  const { organization } = Route.useRouteContext();
  return (
    <Container size="xl" py="xl">
      <OverviewScreen organizationId={organization.id} />
    </Container>
  );
}
