import { createRootRouteWithContext, Outlet } from '@tanstack/react-router';
import type { RouterContext } from '../app/router-context';
import { AppHeader } from '../app/layout/app-header';
import classes from '../app/layout/skip-link.module.css';
import { UpdatePrompt } from '../app/layout/update-prompt';
import { useRequireOrganization } from '../features/organizations/hooks/use-require-organization';
import { useUserInfo } from '../api/user-info';
import { useSessionWatch } from '../features/session/hooks/use-session-watch';
import { useToken } from '../features/session/use-token';
import { isForbiddenRole } from '../domain/session-rules';
import { useTranslation } from '../i18n/use-translation';
import { ErrorScreen } from '../ui/error-screen';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastRegion } from '../ui/toasts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: ({ error, reset }) => <ErrorScreen error={error} onRetry={reset} />,
});

function RootLayout() {
  const t = useTranslation();
  useSessionWatch();
  const token = useToken();
  const userInfo = useUserInfo(token !== null);
  const signedIn = token !== null && userInfo.data !== undefined && !isForbiddenRole(userInfo.data.role);
  useRequireOrganization(signedIn);

  return (
    <>
      <a href="#main" className={classes.skip}>
        {t('a11y.skipLink')}
      </a>
      <AppHeader signedIn={signedIn} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ToastRegion />
      <UpdatePrompt />
    </>
  );
}
