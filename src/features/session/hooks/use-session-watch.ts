import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tokenStore } from '../../../api/token-store';
import { PUBLIC_PATHS, timerDelayMs, tokenCheckDelayMs } from '../../../../shared/rules/session-rules';
import { logger } from '../../../lib/logger';
import { endSession } from '../end-session';

/**
 * docs/product.md 4 and 9, and "Session": the session is checked on load, whenever the tab
 * becomes visible, and again after the minutes left before exp taken as seconds. An expired
 * token does not end the session: the device goes on with what it holds and asks for a new
 * sign-in (the header says so). When the device session reaches its limit it locks at
 * /loggedout, deleting nothing. Nobody signed in at all (a logout in another tab) ends at /.
 */
export function useSessionWatch(): void {
  const queryClient = useQueryClient();
  const router = useRouter();

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ending = false;

    const check = () => {
      clearTimeout(timer);
      const path = router.state.location.pathname;
      // The callback is about to store a new token: an old session's traces do not count.
      if (ending || path === '/loginCallback') return;
      const state = tokenStore.state();
      if (state === 'valid') {
        timer = setTimeout(check, tokenCheckDelayMs(tokenStore.claims()!.exp, Date.now()));
        return;
      }
      if (state === 'renew') {
        const lockAt = tokenStore.deviceSession()!.lockAt;
        timer = setTimeout(check, timerDelayMs(lockAt, Date.now(), 1000));
        return;
      }
      if (PUBLIC_PATHS.includes(path)) return;
      if (state === 'locked') {
        logger.info('session locked: sign in again');
        void router.navigate({ to: '/loggedout', search: { returnUrl: router.state.location.href } });
        return;
      }
      // An unknown path shows its 404 page (with a link home), signed in or not.
      const known = router.matchRoutes(path, {}).some((match) => match.routeId !== '__root__');
      if (state === 'missing' && !known) return;
      ending = true;
      logger.info(`session ended: token ${state}`);
      // 'expired': a device signed in before the device session existed, as before it.
      void endSession(queryClient)
        .then(() => router.navigate(state === 'expired' ? { to: '/loggedout' } : { to: '/', search: {} }))
        .finally(() => {
          ending = false;
        });
    };

    check();
    const onVisibility = () => {
      if (document.visibilityState === 'visible') check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    const unwatch = tokenStore.watch(check);
    const unsubscribeRouter = router.subscribe('onResolved', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      unwatch();
      unsubscribeRouter();
    };
  }, [queryClient, router]);
}
