import { Container } from '@mantine/core';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { activeAssessmentsQueryOptions } from '../api/get-active-assessments';
import { departmentsQueryOptions } from '../api/get-departments';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import { userInfoQueryOptions, useUserInfo } from '../api/user-info';
import { prefetchOrganizations, requireOrganization } from '../app/route-guards';
import { isForbiddenRole, isSignedInOnDevice } from '../../shared/rules/session-rules';
import { useActiveOrganization } from '../features/organizations/active-organization';
import { LoginScreen } from '../features/session/components/login-screen';
import { useSessionState } from '../api/use-session-state';
import { RoutePending } from '../app/route-states';
import { ErrorScreen } from '../ui/error-screen';

// The signed-out visit needs the login screen only; the rest loads with the session (the
// service worker precaches it for offline starts), docs/performance.md "Bytes on the wire".
const Greeting = lazy(() =>
  import('../features/session/components/greeting').then((m) => ({ default: m.Greeting })),
);
const HomeCards = lazy(() =>
  import('../features/residence-lists/components/home-cards').then((m) => ({ default: m.HomeCards })),
);
const RefusedScreen = lazy(() =>
  import('../features/session/components/refused-screen').then((m) => ({ default: m.RefusedScreen })),
);

/**
 * docs/product.md 2, `/`: the login screen when signed out, the refused or logout page when the server
 * refuses the session, otherwise the greeting and the three cards of the active organization.
 * The screen follows the token as it changes (logout on this path stays here, docs/product.md 2).
 */
export const Route = createFileRoute('/')({
  // The landing page of every visit renders from the entry chunk: no second round trip before
  // the first paint (its signed-in parts are lazy above).
  codeSplitGroupings: [],
  validateSearch: (search: Record<string, unknown>): { returnUrl?: string } =>
    typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {},
  beforeLoad: async ({ context, location }) => {
    const state = tokenStore.state();
    // A device session past its limit asks for a sign-in on its own page, deleting nothing.
    if (state === 'locked') throw redirect({ to: '/loggedout', replace: true });
    if (!isSignedInOnDevice(state)) return { organization: null };
    if (state === 'valid') prefetchOrganizations(context.queryClient);
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
  const session = useSessionState();
  const onDevice = isSignedInOnDevice(session);
  const userInfo = useUserInfo(onDevice);
  const organization = useActiveOrganization();

  if (!onDevice) return <LoginScreen returnUrl={returnUrl} />;
  if (userInfo.data) {
    if (isForbiddenRole(userInfo.data.role)) {
      return (
        <Suspense fallback={null}>
          <RefusedScreen forbidden />
        </Suspense>
      );
    }
    return (
      <Container size="lg" py="xl">
        <Suspense fallback={null}>
          <Greeting userName={userInfo.data.userName} />
          {organization && <HomeCards organizationId={organization.id} />}
        </Suspense>
      </Container>
    );
  }
  if (userInfo.error instanceof ApiError && userInfo.error.isAuthFailure) {
    return (
      <Suspense fallback={null}>
        <RefusedScreen forbidden={userInfo.error.status === 403} />
      </Suspense>
    );
  }
  if (userInfo.error) return <ErrorScreen error={userInfo.error} onRetry={() => void userInfo.refetch()} />;
  // The token ended and the device never kept who the user is: nothing to show but a sign-in.
  if (session === 'renew') return <LoginScreen returnUrl={returnUrl} />;
  return <RoutePending atOnce />;
}
