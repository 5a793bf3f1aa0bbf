import type { FastifyInstance } from 'fastify';
import type { Question, SyncAnswerRequest } from '../../../shared/rules/answer-validation';
import { findAssessment } from '../domain/access';
import {
  applySyncAnswer,
  assessmentDetailsSchema,
  hiddenQuestionsText,
  idempotencyHeadersSchema,
  loadCatalogue,
  questionsOf,
  questionSchema,
  syncAnswerBodySchema,
  syncHiddenQuestions,
  toAssessmentDetails,
  type AssessmentDetails,
} from '../domain/answers';
import * as schemas from '../domain/schemas';
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
export function registerAnswerRoutes(app: FastifyInstance, { db, guards }: RouteDeps): void {
  app.get<{ Querystring: { assessmentId: string; propertyId: string } }>(
    '/api/v2/assessment/getassessment',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['assessmentId', 'propertyId'],
          properties: { assessmentId: schemas.uuid, propertyId: schemas.uuid },
        },
        response: { 200: assessmentDetailsSchema },
      },
    },
    async (request): Promise<AssessmentDetails> => {
      const { assessmentId, propertyId } = request.query;
      const assessment = await findAssessment(db, request.user!, assessmentId);
      if (assessment.residence_id !== propertyId.toLowerCase()) {
        throw notFound('Assessment not found on this property');
      }
      return toAssessmentDetails(assessment);
    },
  );

  app.get<{ Querystring: { assessmentId: string } }>(
    '/api/v2/questions',
    {
      preHandler: guards.authenticate,
      schema: {
        querystring: {
          type: 'object',
          required: ['assessmentId'],
          properties: { assessmentId: schemas.uuid },
        },
        response: { 200: schemas.arrayOf(questionSchema) },
      },
    },
    async (request): Promise<Question[]> => {
      const assessment = await findAssessment(db, request.user!, request.query.assessmentId);
      return questionsOf(db, await loadCatalogue(db), assessment);
    },
  );

  app.post<{ Body: SyncAnswerRequest; Headers: { 'idempotency-key'?: string } }>(
    '/api/v2/sync/syncanswer',
    {
      preHandler: [guards.authenticate, guards.requireWrite],
      schema: {
        headers: idempotencyHeadersSchema,
        body: syncAnswerBodySchema,
        response: { 200: schemas.arrayOf(questionSchema) },
      },
    },
    async (request, reply): Promise<Buffer> => {
      // Access, the answer's validity, screening first and the idempotency key are checked with
      // the write.
      const { json } = await applySyncAnswer(db, await loadCatalogue(db), {
        user: request.user!,
        body: request.body,
        idempotencyKey: request.headers['idempotency-key'],
      });
      // Already the response schema's JSON (domain/question-list.ts): Fastify sends it as it is.
      return sendJson(request, reply, json);
    },
  );

  app.get<{ Querystring: { assessmentId: string } }>(
    '/api/v2/assessment/synchiddenquestions',
    {
      preHandler: [guards.authenticate, guards.requireWrite],
      schema: {
        querystring: {
          type: 'object',
          required: ['assessmentId'],
          properties: { assessmentId: schemas.uuid },
        },
        response: { 200: { type: 'string' } },
      },
    },
    async (request, reply): Promise<string> => {
      const assessment = await findAssessment(db, request.user!, request.query.assessmentId);
      const result = await syncHiddenQuestions(db, await loadCatalogue(db), assessment.id);
      // docs/product.md 7: a text response.
      reply.type('text/plain; charset=utf-8');
      return hiddenQuestionsText(result);
    },
  );
}
