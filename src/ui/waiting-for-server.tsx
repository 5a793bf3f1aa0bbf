import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useMatch } from '@tanstack/react-router';
import { FRESH_WAIT_MS } from '../api/fresh-query';
import { useTranslation } from '../i18n/use-translation';
import { useWaitedFor } from './use-waited-for';

/** The routes from which the home page can be reached: those of a chosen organization. */
const WITH_ORGANIZATION = '/_signedIn/_withOrganization';

/**
 * A spinner for something only the server has: a page that is not on the device, the residences
 * near a place. On a connection that passes nothing the request fails only at its 20 s time-out
 * (docs/architecture.md "Lie-fi is offline"). Once nothing has come for `afterMs` (default
 * FRESH_WAIT_MS, the wait a decision gives the server before it takes the device's copy) this
 * says so and, where the home page can be reached, offers it: what the device holds can be used
 * meanwhile. The answer still shows when it comes.
 */
export function WaitingForServer(props: { label: string; afterMs?: number }) {
  const t = useTranslation();
  const silent = useWaitedFor(true, 'shown', props.afterMs ?? FRESH_WAIT_MS);
  // The nearest match: in a route's pending component, the route being loaded. Home is no way
  // out from home itself, nor before an organization is chosen (home sends the user back).
  const offerHome = useMatch({
    strict: false,
    select: (match) => String(match.routeId).startsWith(WITH_ORGANIZATION),
  });
  return (
    <Stack align="center" py="xl" gap="sm">
      <Loader role="status" aria-label={props.label} />
      <Stack aria-live="polite" align="center" gap="sm" maw="32rem" ta="center">
        {silent && (
          <>
            <Text fw={600}>{t('general.serverSilent.title')}</Text>
            <Text>{t('general.serverSilent.description')}</Text>
            {offerHome && (
              <>
                <Text>{t('general.serverSilent.meanwhile')}</Text>
                <Button component={Link} to="/" variant="default">
                  {t('general.home')}
                </Button>
              </>
            )}
          </>
        )}
      </Stack>
    </Stack>
  );
}
