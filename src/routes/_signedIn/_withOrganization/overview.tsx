import { Container } from '@mantine/core';
import { createFileRoute, notFound } from '@tanstack/react-router';
import { OVERVIEW_EXTENSION } from '../../../../shared/contract/overview';
import { connectivity } from '../../../api/connectivity';
import { overviewQueryOptions } from '../../../api/get-overview';
import { ApiError } from '../../../api/http';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import { OverviewScreen } from '../../../features/overview/components/overview-screen';

/** The organization's overview (docs/api.md "Extensions"): only where the server offers it. */
export const Route = createFileRoute('/_signedIn/_withOrganization/overview')({
  // Its figures are the server's, and its chart's code is not kept on the device (vite.config.ts):
  // offline it says the page is not on the device and opens when the connection returns
  // (RouteError), before its code is asked for (a failed code load stays failed until a reload).
  beforeLoad: () => {
    if (!connectivity.isOnline()) throw new ApiError(0, 'offline: the overview needs the server');
  },
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
