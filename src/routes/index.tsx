import { Center, Container, Loader } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ApiError } from '../api/http';
import { isForbiddenRole } from '../domain/session-rules';
import { useActiveOrganization } from '../features/organizations/active-organization';
import { HomeCards } from '../features/residences/components/home-cards';
import { useUserInfo } from '../api/user-info';
import { Greeting } from '../features/session/components/greeting';
import { LoginScreen } from '../features/session/components/login-screen';
import { RefusedScreen } from '../features/session/components/refused-screen';
import { useToken } from '../features/session/use-token';
import { useTranslation } from '../i18n/use-translation';
import { ErrorScreen } from '../ui/error-screen';

export const Route = createFileRoute('/')({
  validateSearch: (search: Record<string, unknown>): { returnUrl?: string } =>
    typeof search.returnUrl === 'string' ? { returnUrl: search.returnUrl } : {},
  component: HomeRoute,
});

function HomeRoute() {
  const t = useTranslation();
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
  return (
    <Center py="xl">
      <Loader aria-label={t('general.loading')} />
    </Center>
  );
}
