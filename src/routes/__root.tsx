import { createRootRouteWithContext, Outlet, useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import type { RouterContext } from '../app/router-context';
import { useFocusAfterNavigation } from '../app/focus-after-navigation';
import { AppHeader } from '../app/layout/app-header';
import classes from '../app/layout/skip-link.module.css';
import { usePwaState } from '../app/pwa';
import { RouteError } from '../app/route-states';
import { useUserInfo } from '../api/user-info';
import { useSessionWatch } from '../features/session/hooks/use-session-watch';
import { useSessionState } from '../api/use-session-state';
import { isForbiddenRole, isSignedInOnDevice } from '../../shared/rules/session-rules';
import { useTranslation } from '../i18n/use-translation';
import { markFirstPaint } from '../lib/first-paint';
import { activeOrganization } from '../offline/active-organization';
import { NotFoundScreen } from '../ui/not-found-screen';
import { ToastRegion } from '../ui/toasts';

// Only when a new version waits: the first visit does not download the prompt.
const UpdatePrompt = lazy(() =>
  import('../app/layout/update-prompt').then((m) => ({ default: m.UpdatePrompt })),
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
});

function RootLayout() {
  const t = useTranslation();
  const router = useRouter();
  useSessionWatch();
  // Signed in on this device, also after the token expired (docs/product.md "Session").
  const sessionState = useSessionState();
  const onDevice = isSignedInOnDevice(sessionState);
  const userInfo = useUserInfo(onDevice);
  const { updateWaiting } = usePwaState();
  const signedIn = onDevice && userInfo.data !== undefined && !isForbiddenRole(userInfo.data.role);

  // The active organization is route context (docs/architecture.md 2): choosing another one
  // runs the guards and loaders again. Every choice in the app comes with a navigation (the
  // organization list's "Vælg", the sign-in), which runs them itself: a second load of the old
  // place started beside it can race it (a quick tap on "Vælg" stayed on the list:
  // e2e/quick-tap.spec.ts), so the router is invalidated only when no load is under way by the
  // next task.
  useEffect(
    () =>
      activeOrganization.subscribe(() => {
        setTimeout(() => {
          if (router.state.status !== 'pending') void router.invalidate();
        }, 0);
      }),
    [router],
  );
  useEffect(markFirstPaint, []);
  useFocusAfterNavigation();

  return (
    <>
      <a href="#main" className={classes.skip} data-print="hide">
        {t('a11y.skipLink')}
      </a>
      <AppHeader signedIn={signedIn} renewalNeeded={sessionState === 'renew'} />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <ToastRegion />
      {updateWaiting && (
        <Suspense fallback={null}>
          <UpdatePrompt />
        </Suspense>
      )}
    </>
  );
}
