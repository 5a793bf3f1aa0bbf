import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import {
  AssessmentDetails,
  AssessmentQuery,
  GetAssessmentQuery,
  HiddenQuestionsText,
  QuestionList,
  SyncAnswerBody,
} from '../../../shared/contract/answers';
import { IdempotencyHeaders } from '../../../shared/contract/common';
import { ANSWER_CHANGED_SINCE } from '../../../shared/contract/error-codes';
import { requireUser } from '../auth/guard';
import { findAssessment } from '../domain/access';
import {
  applySyncAnswer,
  hiddenQuestionsText,
  loadCatalogue,
  questionsOf,
  syncHiddenQuestions,
  toAssessmentDetails,
} from '../domain/answers';
import { sendJson } from '../http/brotli-json';
import { notFound } from '../errors';
import type { RouteDeps } from './deps';

/**
 * The question and answer calls of docs/product.md 7: getassessment, questions, syncanswer and
 * synchiddenquestions. Every call needs a token and membership of the assessment's
 * organization (403 otherwise, 404 for unknown and cancelled assessments); the two writes
 * need the write role and an assessment that is draft or rejected (409 otherwise), and
 * syncanswer takes an evaluation answer only once the screening is complete (409
 * SCREENING_NOT_COMPLETE; converted assessments skip screening).
 */
export const answerRoutes: FastifyPluginAsyncTypebox<Pick<RouteDeps, 'db' | 'guards'>> = async (
  app,
  { db, guards },
) => {
  app.get(
    '/api/v2/assessment/getassessment',
    { schema: { querystring: GetAssessmentQuery, response: { 200: AssessmentDetails } } },
    async (request) => {
      const { assessmentId, propertyId } = request.query;
      const assessment = await findAssessment(db, requireUser(request), assessmentId);
      if (assessment.residence_id !== propertyId.toLowerCase()) {
        throw notFound('Assessment not found on this property');
      }
      return toAssessmentDetails(assessment);
    },
  );

  app.get(
    '/api/v2/questions',
    { schema: { querystring: AssessmentQuery, response: { 200: QuestionList } } },
    async (request) => {
      const assessment = await findAssessment(db, requireUser(request), request.query.assessmentId);
      return questionsOf(db, await loadCatalogue(db), assessment);
    },
  );

  app.post(
    '/api/v2/sync/syncanswer',
    {
      preHandler: guards.requireWrite,
      schema: { headers: IdempotencyHeaders, body: SyncAnswerBody, response: { 200: QuestionList } },
    },
    async (request, reply) => {
      // Access, the answer's validity, screening first and the idempotency key are checked with
      // the write.
      const catalogue = await loadCatalogue(db);
      const { json, applied } = await applySyncAnswer(db, catalogue, {
        user: requireUser(request),
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      }).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === ANSWER_CHANGED_SINCE)
          app.metrics.syncAnswers.inc({ outcome: 'changed_since' });
        throw error;
      });
      app.metrics.syncAnswers.inc({ outcome: applied ? 'applied' : 'already_applied' });
      // Already the response schema's JSON (domain/question-list.ts), as bytes: Fastify sends them
      // as they are, past the schema's serializer and so past its type.
      const bytes: FastifyReply = reply;
      return bytes.send(sendJson(request, reply, json));
    },
  );

  app.get(
    '/api/v2/assessment/synchiddenquestions',
    {
      preHandler: guards.requireWrite,
      schema: { querystring: AssessmentQuery, response: { 200: HiddenQuestionsText } },
    },
    async (request, reply) => {
      const assessment = await findAssessment(db, requireUser(request), request.query.assessmentId);
      const result = await syncHiddenQuestions(db, await loadCatalogue(db), assessment.id);
      // docs/product.md 7: a text response.
      reply.type('text/plain; charset=utf-8');
      return hiddenQuestionsText(result);
    },
  );
};
