import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import type { RouterContext } from '../app/router-context';
import { AppHeader } from '../app/layout/app-header';
import classes from '../app/layout/skip-link.module.css';
import { UpdatePrompt } from '../app/layout/update-prompt';
import { RouteError } from '../app/route-states';
import { useUserInfo } from '../api/user-info';
import { useSessionWatch } from '../features/session/hooks/use-session-watch';
import { useToken } from '../features/session/use-token';
import { isForbiddenRole } from '../domain/session-rules';
import { useTranslation } from '../i18n/use-translation';
import { activeOrganization } from '../offline/active-organization';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastRegion } from '../ui/toasts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});

function RootLayout() {
  const t = useTranslation();
  const router = useRouter();
  useSessionWatch();
  const token = useToken();
  const userInfo = useUserInfo(token !== null);
  const signedIn = token !== null && userInfo.data !== undefined && !isForbiddenRole(userInfo.data.role);

  // The active organization is route context (docs/architecture.md 2): choosing another one
  // runs the guards and loaders again.
  useEffect(() => activeOrganization.subscribe(() => void router.invalidate()), [router]);

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
