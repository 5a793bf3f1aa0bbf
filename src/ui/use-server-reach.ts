import { useSessionState } from '../api/use-session-state';
import { serverReach, type ServerReach } from '../domain/server-reach';
import type { Translate } from '../i18n/translate';
import { useTranslation } from '../i18n/use-translation';
import { useOnline } from './use-online';

/** src/domain/server-reach.ts, as the connection and the session are now. */
export function useServerReach(): ServerReach {
  return serverReach(useOnline(), useSessionState());
}

/**
 * What a server-only action says while it cannot be asked for: its own words for offline, the
 * sign-in's for a session without a token; null when it can.
 */
export function useReachReason(offlineReason: string): string | null {
  return reachReason(useServerReach(), offlineReason, useTranslation());
}

/** The same for a reach already judged (a block of src/domain/bulk-selection.ts among others). */
export function reachReason(reach: ServerReach | null, offlineReason: string, t: Translate): string | null {
  return reach === 'offline' ? offlineReason : reach === 'signIn' ? t('general.signInFirst') : null;
}
