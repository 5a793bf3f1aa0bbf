import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AssessmentHistory, HistoryQuery } from '../../../shared/contract/history';
import { requireUser } from '../auth/guard';
import { readHistory } from '../domain/assessment-history';
import type { RouteDeps } from './deps';

/**
 * GET /api/v2/ext/assessmenthistory (docs/api.md "Extensions"): our own call, beyond the spec's
 * API, announced in staticcontent's `extensions`. Members of the assessment's organization,
 * read or write; a deleted assessment's history too.
 */
export const historyRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db'>> = async (app, { db }) => {
  app.get(
    '/api/v2/ext/assessmenthistory',
    { schema: { querystring: HistoryQuery, response: { 200: AssessmentHistory } } },
    async (request) => readHistory(db, requireUser(request), request.query.assessmentId.toLowerCase()),
  );
};
