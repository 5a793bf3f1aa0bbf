import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import {
  ActiveAssessmentsQuery,
  AssessmentIds,
  AssessmentListEntry,
  AssessmentScoresQuery,
  CreateAssessmentQuery,
  CreatedAssessmentId,
  GetAssessmentsQuery,
  HandicapScore,
  LocatedAssessmentsBody,
} from '../../../shared/contract/assessments';
import { handicapScores } from '../../../shared/rules/scoring';
import { assertMember, requireUser, type AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { findAssessment, findResidence } from '../domain/access';
import { assessmentListQuery, toListEntries, type VersionedRow } from '../domain/assessment-list';
import { loadAnswers, loadQuestions } from '../domain/catalogue';
import { ACTIVE_LIST_CACHE_BYTES, activeListVersion, isActiveIn } from '../domain/active-assessments-cache';
import { createJsonListCache, sendVersionedJson } from '../http/versioned-body-cache';
import { insertNewAssessment } from '../domain/create-assessment';
import { forbidden, HttpError } from '../errors';
import type { RouteDeps } from './deps';

/**
 * The assessment calls of docs/product.md 7 except getassessment, the questions and the answer
 * sync: lists, scores and create (optionally as a copy); abandoning is in routes/abandon.ts. Reads
 * need a token and membership of the assessment's organization; create needs the write role.
 */
export const assessmentRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db' | 'guards'>> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/api/v2/assessment/getassessments',
    { schema: { querystring: GetAssessmentsQuery, response: { 200: AssessmentIds } } },
    async (request) => {
      const residence = await findResidence(db, requireUser(request), request.query.propertyId);
      const rows = await db
        .selectFrom('assessments')
        .select('id')
        .where('residence_id', '=', residence.id)
        .where('status', '!=', 'cancelled')
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      return { assessments: rows.map((r) => r.id) };
    },
  );

  const activeLists = createJsonListCache(ACTIVE_LIST_CACHE_BYTES);
  app.get(
    '/api/v2/assessment/getactiveassessments',
    {
      // Compressed once per version of the list (domain/active-assessments-cache.ts).
      compress: false,
      schema: { querystring: ActiveAssessmentsQuery, response: { 200: Type.Array(AssessmentListEntry) } },
    },
    async (request, reply) => {
      // uuids compare in lower case (the database answers them so).
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(requireUser(request), organizationId);
      const version = await activeListVersion(db, organizationId);
      return sendVersionedJson(request, reply, activeLists, organizationId, version, async () => {
        const rows = await assessmentListQuery(db)
          .where(isActiveIn(organizationId))
          .orderBy('a.created_at', 'desc')
          .orderBy('a.id', 'desc')
          .execute();
        return toListEntries(db, rows);
      });
    },
  );

  app.post(
    '/api/v2/assessment/getlocatedassessments',
    { schema: { body: LocatedAssessmentsBody, response: { 200: Type.Array(AssessmentListEntry) } } },
    async (request) => {
      const user = requireUser(request);
      const pairs = request.body;
      const ids = [...new Set(pairs.map((p) => p.assessmentId.toLowerCase()))];
      if (ids.length === 0) return [];
      const found = await assessmentListQuery(db)
        .where('a.id', 'in', ids)
        .where('a.status', '!=', 'cancelled')
        .execute();
      const byId = new Map(found.map((row) => [row.id, row]));
      // In the order asked for, each assessment once; a pair whose assessment is not of that
      // property, or of another organization, is left out.
      const rows: VersionedRow[] = [];
      const seen = new Set<string>();
      for (const pair of pairs) {
        const row = byId.get(pair.assessmentId.toLowerCase());
        if (!row || seen.has(row.id)) continue;
        if (row.residenceId !== pair.propertyId.toLowerCase()) continue;
        if (!user.organizationIds.includes(row.organizationId)) continue;
        seen.add(row.id);
        rows.push(row);
      }
      return toListEntries(db, rows);
    },
  );

  app.get(
    '/api/v2/assessment/getassessmentscores',
    { schema: { querystring: AssessmentScoresQuery, response: { 200: Type.Array(HandicapScore) } } },
    async (request) => {
      const assessment = await findAssessment(db, requireUser(request), request.query.assessmentId);
      const [questions, answers] = await Promise.all([loadQuestions(db), loadAnswers(db, [assessment.id])]);
      return handicapScores(questions, answers.get(assessment.id)!, { converted: assessment.converted });
    },
  );

  for (const version of ['v1', 'v2'] as const) {
    app.get(
      `/api/${version}/assessment/createnewassessment`,
      {
        preHandler: guards.requireWrite,
        schema: { querystring: CreateAssessmentQuery, response: { 200: CreatedAssessmentId } },
      },
      async (request, reply) => {
        const { propertyId, sourceAssessmentIdToCopyFrom, assessmentId } = request.query;
        const id = await createAssessment(
          db,
          requireUser(request),
          propertyId,
          sourceAssessmentIdToCopyFrom || null,
          assessmentId?.toLowerCase(),
        );
        // The id as a JSON string; Fastify sends a string with a JSON content type as it is.
        reply.type('application/json; charset=utf-8');
        return JSON.stringify(id);
      },
    );
  }
};

/**
 * A new draft for the residence, optionally a copy of a source assessment of the same
 * organization (domain/create-assessment.ts, shared with the copy jobs). With `clientId` the
 * draft gets that id, once: a create sent again from the outbox (its reply lost) finds its
 * assessment and answers the same id; an id that is another residence's is a 409, and says
 * nothing about that assessment (docs/api.md "createnewassessment").
 */
async function createAssessment(
  db: Kysely<Database>,
  user: AuthUser,
  propertyId: string,
  sourceId: string | null,
  clientId: string | undefined,
): Promise<string> {
  const residence = await findResidence(db, user, propertyId);
  const source = sourceId ? await findAssessment(db, user, sourceId) : null;
  if (source && source.organization_id !== residence.organization_id) {
    throw forbidden('The source assessment belongs to another organization');
  }
  const questions = await loadQuestions(db);
  return db.transaction().execute(async (trx) => {
    const { id, created } = await insertNewAssessment(trx, questions, {
      residence,
      sourceId: source?.id ?? null,
      userId: user.id,
      now: new Date(),
      id: clientId,
    });
    if (created) return id;
    const existing = await trx
      .selectFrom('assessments')
      .select('residence_id')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    if (existing.residence_id !== residence.id) throw assessmentIdTaken();
    return id;
  });
}

const assessmentIdTaken = () =>
  new HttpError(409, 'This assessment id belongs to another residence', 'ASSESSMENT_ID_TAKEN');
