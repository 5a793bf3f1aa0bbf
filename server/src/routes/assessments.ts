import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
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
import { assertMember, requireUser } from '../auth/guard';
import { findAssessment, findResidence } from '../domain/access';
import { activeAssessments, locatedAssessments, residenceAssessments } from '../domain/assessment-list';
import { loadAnswers, loadQuestions } from '../domain/catalogue';
import { ACTIVE_LIST_CACHE_BYTES, activeListVersion } from '../domain/active-assessments-cache';
import { createJsonListCache, sendVersionedJson } from '../http/versioned-body-cache';
import { createAssessment } from '../domain/create-assessment';
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
      const rows = await residenceAssessments(db, residence.id);
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
      return sendVersionedJson(request, reply, activeLists, organizationId, version, () =>
        activeAssessments(db, organizationId),
      );
    },
  );

  app.post(
    '/api/v2/assessment/getlocatedassessments',
    { schema: { body: LocatedAssessmentsBody, response: { 200: Type.Array(AssessmentListEntry) } } },
    async (request) => locatedAssessments(db, requireUser(request), request.body),
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
        const id = await createAssessment(db, requireUser(request), {
          propertyId,
          sourceId: sourceAssessmentIdToCopyFrom || null,
          clientId: assessmentId?.toLowerCase(),
        });
        // The id as a JSON string; Fastify sends a string with a JSON content type as it is.
        reply.type('application/json; charset=utf-8');
        return JSON.stringify(id);
      },
    );
  }
};
