import { Button } from '@mantine/core';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { loginUrl } from '../api/api-base';
import { FRESH_WAIT_MS } from '../api/fresh-query';
import { ApiError } from '../api/http';
import { tokenStore } from '../api/token-store';
import { useTranslation } from '../i18n/use-translation';
import { logger } from '../lib/logger';
import { ErrorScreen } from '../ui/error-screen';
import { MessagePage } from '../ui/message-page';
import { useOnline } from '../ui/use-online';
import { WaitingForServer } from '../ui/waiting-for-server';

/** How long a route's loader runs before its pending screen shows (the router's default). */
export const ROUTE_PENDING_MS = 1_000;

/**
 * What a route shows while its loader fetches (after ROUTE_PENDING_MS): only what is not on the
 * device takes this long, and 2.5 s after the tap it says so (WaitingForServer). A screen that
 * renders it itself while it waits (`atOnce`: home, for the user's details) had no router delay
 * before it, so the whole 2.5 s are counted from its mount.
 */
export function RoutePending(props: { atOnce?: boolean }) {
  const t = useTranslation();
  const afterMs = props.atOnce ? FRESH_WAIT_MS : FRESH_WAIT_MS - ROUTE_PENDING_MS;
  return <WaitingForServer label={t('general.loading')} afterMs={afterMs} />;
}

/**
 * What a route shows when its loader or screen failed (docs/product.md 8, the generic error
 * page): retry runs the loaders again. A 401/403 never stays here (the query cache sends it to
 * the root) unless the token ended while the device session goes on: then a sign-in is offered.
 * Without a connection, a page that is not on the device says so plainly and opens by itself when
 * the connection is back. A screen with its own error text passes it as `description`.
 */
export function RouteError({ error, description }: ErrorComponentProps & { description?: string }) {
  const t = useTranslation();
  const router = useRouter();
  const online = useOnline();
  const queryErrorResetBoundary = useQueryErrorResetBoundary();
  useEffect(() => queryErrorResetBoundary.reset(), [queryErrorResetBoundary]);
  useEffect(() => logger.error('a screen failed to load', error), [error]);
  const offlineMiss = error instanceof ApiError && error.isNetworkFailure;
  // Only the moment the connection returns: a server that is down must not be asked in a loop.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (offlineMiss && online && !wasOnline.current) void router.invalidate();
    wasOnline.current = online;
  }, [offlineMiss, online, router]);

  // The token ended and this page was never on the device: only a new sign-in can fetch it, and
  // it returns here (docs/product.md "Session").
  if (error instanceof ApiError && error.status === 401 && tokenStore.state() === 'renew') {
    return (
      <MessagePage title={t('session.renew.title')} description={t('session.renew.page')}>
        {online && (
          <div>
            <Button component="a" href={loginUrl(router.state.location.href)}>
              {t('session.renew.button')}
            </Button>
          </div>
        )}
      </MessagePage>
    );
  }
  if (offlineMiss && !online) {
    return (
      <MessagePage
        title={t('general.offlineUnavailable.title')}
        description={t('general.offlineUnavailable.description')}
      >
        <div>
          <Button component={Link} to="/" variant="default">
            {t('general.home')}
          </Button>
        </div>
      </MessagePage>
    );
  }
  return <ErrorScreen error={error} description={description} onRetry={() => void router.invalidate()} />;
}
