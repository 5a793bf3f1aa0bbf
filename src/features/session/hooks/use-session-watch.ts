import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { tokenStore } from '../../../api/token-store';
import { PUBLIC_PATHS, tokenCheckDelayMs, tokenState } from '../../../domain/session-rules';
import { logger } from '../../../lib/logger';
import { endSession } from '../end-session';

/**
 * docs/product.md 4 and 9: the token is checked on load, whenever the tab becomes visible,
 * and again after the minutes left before exp taken as seconds. An expired token ends the
 * session at /loggedout; a missing one at / (unless already on a public page).
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
      const claims = tokenStore.claims();
      const state = tokenState(claims?.exp ?? null, tokenStore.lastExp(), Date.now());
      if (state === 'valid') {
        timer = setTimeout(check, tokenCheckDelayMs(claims!.exp, Date.now()));
        return;
      }
      // An unknown path shows its 404 page (with a link home), signed in or not.
      const known = router.matchRoutes(path, {}).some((match) => match.routeId !== '__root__');
      if (state === 'missing' && (PUBLIC_PATHS.includes(path) || !known)) return;
      ending = true;
      logger.info(`session ended: token ${state}`);
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
    const unsubscribeToken = tokenStore.subscribe(check);
    const unsubscribeRouter = router.subscribe('onResolved', check);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      unsubscribeToken();
      unsubscribeRouter();
    };
  }, [queryClient, router]);
}
