import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { activeAssessmentsQueryOptions } from '../api/get-active-assessments';
import { departmentsQueryOptions } from '../api/get-departments';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import { userInfoQueryOptions, useUserInfo } from '../api/user-info';
import { requireOrganization } from '../app/route-guards';
import { isForbiddenRole } from '../domain/session-rules';
import { useActiveOrganization } from '../features/organizations/active-organization';
import { HomeCards } from '../features/residences/components/home-cards';
import { Greeting } from '../features/session/components/greeting';
import { LoginScreen } from '../features/session/components/login-screen';
import { RefusedScreen } from '../features/session/components/refused-screen';
import { useToken } from '../features/session/use-token';
import { RoutePending } from '../app/route-states';
import { ErrorScreen } from '../ui/error-screen';

/**
 * docs/product.md 2, `/`: the login screen when signed out, the refused or logout page when the server
 * refuses the session, otherwise the greeting and the three cards of the active organization.
 * The screen follows the token as it changes (logout on this path stays here, docs/product.md 2).
 */
export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { returnUrl?: string } =>
    typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {},
  beforeLoad: async ({ context, location }) => {
    if (!tokenStore.get()) return { organization: null };
    // Refusals and failures are shown by the screen below, from the same query.
    const userInfo = await context.queryClient.ensureQueryData(userInfoQueryOptions()).catch(() => null);
    if (!userInfo || isForbiddenRole(userInfo.role)) return { organization: null };
    return requireOrganization({ context, location });
  },
  // The cards show their own loading and error states: a failed count never hides the page.
  loader: async ({ context }) => {
    if (!context.organization) return;
    const { queryClient, organization } = context;
    await Promise.all([
      queryClient.ensureQueryData(activeAssessmentsQueryOptions(organization.id)),
      queryClient.ensureQueryData(departmentsQueryOptions(organization.id)),
    ]).catch(() => undefined);
  },
  component: HomeRoute,
});

function HomeRoute() {
  const { returnUrl } = Route.useSearch();
  const token = useToken();
  const userInfo = useUserInfo(token !== null);
  const organization = useActiveOrganization();

  if (!token) return <LoginScreen returnUrl={returnUrl} />;
  if (userInfo.data) {
    if (isForbiddenRole(userInfo.data.role)) return <RefusedScreen forbidden />;
    return (
      <Container size="lg" py="xl">
        <Greeting userName={userInfo.data.userName} />
        {organization && <HomeCards organizationId={organization.id} />}
      </Container>
    );
  }
  if (userInfo.error instanceof ApiError && userInfo.error.isAuthFailure) {
    return <RefusedScreen forbidden={userInfo.error.status === 403} />;
  }
  if (userInfo.error) return <ErrorScreen error={userInfo.error} onRetry={() => void userInfo.refetch()} />;
  return <RoutePending />;
}
