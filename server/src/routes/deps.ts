import type { Kysely } from 'kysely';
import type { Guards } from '../auth/guard';
import type { SessionStore } from '../auth/sessions';
import type { TokenService } from '../auth/tokens';
import type { Config } from '../config';
import type { Database } from '../db/schema';

/** What every route module gets from the app. */
export interface RouteDeps {
  db: Kysely<Database>;
  tokens: TokenService;
  guards: Guards;
  sessions: SessionStore;
  config: Config;
}
