import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { handicapScores } from '../../../shared/rules/scoring';
import { assertMember, type AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { findAssessment, findResidence } from '../domain/access';
import type {
  AssessmentIds,
  AssessmentListEntry,
  LocatedAssessmentRequestItem,
} from '../../../shared/contract/dto';
import { assessmentListQuery, toListEntries, type VersionedRow } from '../domain/assessment-list';
import { loadAnswers, loadQuestions } from '../domain/catalogue';
import { ACTIVE_LIST_CACHE_BYTES, activeListVersion, isActiveIn } from '../domain/active-assessments-cache';
import { createJsonListCache, sendVersionedJson } from '../http/versioned-body-cache';
import { insertNewAssessment } from '../domain/create-assessment';
import * as schemas from '../domain/schemas';
import { forbidden, HttpError } from '../errors';
import type { RouteDeps } from './deps';

/** POST getlocatedassessments takes at most this many pairs. */
export const MAX_LOCATED_ITEMS = 500;

/**
 * The assessment calls of docs/product.md 7 except getassessment, the questions and the answer
 * sync: lists, scores and create (optionally as a copy); abandoning is in routes/abandon.ts. Reads
 * need a token and membership of the assessment's organization; create needs the write role.
 */
export function registerAssessmentRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  app.get<{ Querystring: { propertyId: string } }>(
    '/api/v2/assessment/getassessments',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['propertyId'],
          properties: { propertyId: schemas.uuid },
        },
        response: { 200: schemas.assessmentIds },
      },
    },
    async (request): Promise<AssessmentIds> => {
      const residence = await findResidence(db, request.user!, request.query.propertyId);
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
  app.get<{ Querystring: { organizationId: string } }>(
    '/api/v2/assessment/getactiveassessments',
    {
      preHandler: guards.authenticate,
      // Compressed once per version of the list (domain/active-assessments-cache.ts).
      compress: false,
      schema: {
        querystring: {
          type: 'object',
          required: ['organizationId'],
          properties: { organizationId: schemas.uuid },
        },
        response: { 200: schemas.arrayOf(schemas.assessmentListEntry) },
      },
    },
    async (request, reply) => {
      // uuids compare in lower case (the database answers them so).
      const organizationId = request.query.organizationId.toLowerCase();
      assertMember(request.user!, organizationId);
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

  app.post<{ Body: LocatedAssessmentRequestItem[] }>(
    '/api/v2/assessment/getlocatedassessments',
    {
      preHandler: guards.authenticate,
      schema: {
        body: {
          type: 'array',
          maxItems: MAX_LOCATED_ITEMS,
          items: {
            type: 'object',
            required: ['propertyId', 'assessmentId'],
            properties: { propertyId: schemas.uuid, assessmentId: schemas.uuid },
          },
        },
        response: { 200: schemas.arrayOf(schemas.assessmentListEntry) },
      },
    },
    async (request): Promise<AssessmentListEntry[]> => {
      const user = request.user!;
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

  app.get<{ Querystring: { assessmentId: string } }>(
    '/api/v2/assessment/getassessmentscores',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['assessmentId'],
          properties: { assessmentId: schemas.uuid },
        },
        response: { 200: schemas.arrayOf(schemas.handicapScore) },
      },
    },
    async (request) => {
      const assessment = await findAssessment(db, request.user!, request.query.assessmentId);
      const [questions, answers] = await Promise.all([loadQuestions(db), loadAnswers(db, [assessment.id])]);
      return handicapScores(questions, answers.get(assessment.id)!, { converted: assessment.converted });
    },
  );

  const createNewAssessment = async (
    request: FastifyRequest<{ Querystring: CreateQuery }>,
    reply: FastifyReply,
  ): Promise<string> => {
    const user = request.user!;
    const { propertyId, sourceAssessmentIdToCopyFrom, assessmentId } = request.query;
    const id = await createAssessment(
      db,
      user,
      propertyId,
      sourceAssessmentIdToCopyFrom || null,
      assessmentId?.toLowerCase(),
    );
    // The id as a JSON string; Fastify sends a string with a JSON content type as it is.
    reply.type('application/json; charset=utf-8');
    return JSON.stringify(id);
  };
  for (const version of ['v1', 'v2'] as const) {
    app.get<{ Querystring: CreateQuery }>(
      `/api/${version}/assessment/createnewassessment`,
      {
        preHandler: [guards.authenticate, guards.requireWrite],
        schema: {
          querystring: {
            type: 'object',
            required: ['propertyId'],
            properties: {
              propertyId: schemas.uuid,
              // An empty value means no source, as when the parameter is left out.
              sourceAssessmentIdToCopyFrom: { anyOf: [{ type: 'string', maxLength: 0 }, schemas.uuid] },
              // Chosen by the client for an assessment started offline (docs/api.md).
              assessmentId: schemas.uuid,
            },
          },
          response: { 200: { type: 'string' } },
        },
      },
      createNewAssessment,
    );
  }
}

interface CreateQuery {
  propertyId: string;
  sourceAssessmentIdToCopyFrom?: string;
  assessmentId?: string;
}

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
