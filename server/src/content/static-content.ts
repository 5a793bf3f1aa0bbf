import type { Kysely } from 'kysely';
import { EXPORT_EXTENSION } from '../../../shared/contract/export';
import { HISTORY_EXTENSION } from '../../../shared/contract/history';
import { PHOTOS_EXTENSION } from '../../../shared/contract/photos';
import { OVERVIEW_EXTENSION } from '../../../shared/contract/overview';
import type { StaticContent } from '../../../shared/contract/static-content';
import type { QuestionDef } from '../../../shared/rules/catalogue';
import { da } from '../../../shared/texts/da';
import type { Database } from '../db/schema';
import {
  BREAKER_AND_RESULT_SCREEN_SETTINGS,
  GUIDANCE_SETTINGS,
  HELP_SCREEN_ENTRY_GENERIC_TEMPLATE,
  RELEVANCE_SETTINGS,
} from './content-defaults';
import { resolveServiceMessage } from './service-message';

/** What of the static content the deployment sets (config.ts) rather than the code or the catalogue. */
export interface StaticContentSettings {
  /** SERVICE_MESSAGE; null: not set (service-message.ts decides). */
  serviceMessage: string | null;
}

/**
 * The configuration content of docs/product.md 3: the texts in this folder and the help and
 * chapter texts of the catalogue in the database, and the deployment's service message.
 */
export async function buildStaticContent(
  db: Kysely<Database>,
  settings: StaticContentSettings,
): Promise<StaticContent> {
  const [chapters, questions, serviceMessage] = await Promise.all([
    db.selectFrom('chapters').select(['id', 'label', 'description']).orderBy('position').execute(),
    db
      .selectFrom('questions')
      .select(['unique_id', 'definition'])
      .orderBy('kind', 'desc')
      .orderBy('position')
      .execute(),
    resolveServiceMessage(db, settings.serviceMessage),
  ]);
  const helpScreenPerQuestion: StaticContent['helpScreenSettings']['helpScreenPerQuestion'] = {};
  for (const q of questions) {
    helpScreenPerQuestion[q.unique_id] = (q.definition as QuestionDef).help;
  }
  return {
    translationSettings: { translations: { ...da } },
    helpScreenSettings: {
      helpScreenEntryGenericTemplate: HELP_SCREEN_ENTRY_GENERIC_TEMPLATE,
      helpScreenPerQuestion,
    },
    relevanceSettings: RELEVANCE_SETTINGS,
    chaptersSettings: Object.fromEntries(
      chapters.map((c) => [c.id, { label: c.label, description: c.description }]),
    ),
    breakerAndResultScreenSettings: BREAKER_AND_RESULT_SCREEN_SETTINGS,
    serviceMessage,
    guidanceSettings: GUIDANCE_SETTINGS,
    extensions: [OVERVIEW_EXTENSION, HISTORY_EXTENSION, EXPORT_EXTENSION, PHOTOS_EXTENSION],
  };
}
