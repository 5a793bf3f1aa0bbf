import type { FastifyInstance } from 'fastify';
import type { StaticContent } from '../../../src/api/static-content';
import type { QuestionDef } from '../../../src/domain/catalogue';
import { da } from '../../../src/i18n/da';
import {
  BREAKER_AND_RESULT_SCREEN_SETTINGS,
  GUIDANCE_SETTINGS,
  HELP_SCREEN_ENTRY_GENERIC_TEMPLATE,
  RELEVANCE_SETTINGS,
  SERVICE_MESSAGE,
} from '../content/content-defaults';
import type { RouteDeps } from './deps';

/**
 * GET /api/v2/staticcontent: the configuration content of docs/product.md 3. Public, because
 * the login screen and the offline app need it before anyone signs in and it holds nothing
 * secret. Help texts and chapter texts come from the catalogue in the database.
 */
export function registerContentRoutes(app: FastifyInstance, { db }: RouteDeps): void {
  app.get('/api/v2/staticcontent', async (_request, reply): Promise<StaticContent> => {
    const [chapters, questions] = await Promise.all([
      db.selectFrom('chapters').select(['id', 'label', 'description']).orderBy('position').execute(),
      db
        .selectFrom('questions')
        .select(['unique_id', 'definition'])
        .orderBy('kind', 'desc')
        .orderBy('position')
        .execute(),
    ]);
    const helpScreenPerQuestion: StaticContent['helpScreenSettings']['helpScreenPerQuestion'] = {};
    for (const q of questions) {
      helpScreenPerQuestion[q.unique_id] = (q.definition as QuestionDef).help;
    }
    reply.header('Cache-Control', 'no-cache');
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
      serviceMessage: SERVICE_MESSAGE,
      guidanceSettings: GUIDANCE_SETTINGS,
    };
  });
}
