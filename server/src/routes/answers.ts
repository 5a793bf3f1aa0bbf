import type { FastifyInstance } from 'fastify';
import {
  answerErrorMessage,
  validateAnswer,
  type AnswerError,
  type Question,
  type SyncAnswerRequest,
} from '../../../src/domain/answer-validation';
import { findAssessment } from '../domain/access';
import {
  applySyncAnswer,
  assessmentDetailsSchema,
  hiddenQuestionsText,
  idempotencyHeadersSchema,
  loadCatalogue,
  pruneSyncResponses,
  questionsOf,
  questionSchema,
  syncAnswerBodySchema,
  syncHiddenQuestions,
  toAssessmentDetails,
  type AssessmentDetails,
} from '../domain/answers';
import * as schemas from '../domain/schemas';
import { HttpError, notFound } from '../errors';
import type { RouteDeps } from './deps';

/** "outOfRange" → "ANSWER_OUT_OF_RANGE": the code of a refused answer in the error body. */
const errorCode = (error: AnswerError) =>
  `ANSWER_${error.code.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;

/**
 * The question and answer calls of docs/product.md 7: getassessment, questions, syncanswer and
 * synchiddenquestions. Every call needs a token and membership of the assessment's
 * organization (403 otherwise, 404 for unknown and cancelled assessments); the two writes
 * need the write role and an assessment that is draft or rejected (409 otherwise).
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
    async (request): Promise<Question[]> => {
      const user = request.user!;
      const body = request.body;
      const idempotencyKey = request.headers['idempotency-key'];
      const assessment = await findAssessment(db, user, body.assessmentId);
      const catalogue = await loadCatalogue(db);
      const error = validateAnswer(catalogue.byId.get(body.questionUniqueId), body);
      if (error) throw new HttpError(400, answerErrorMessage(error), errorCode(error));
      const { questions, applied } = await applySyncAnswer(db, catalogue, {
        userId: user.id,
        assessmentId: assessment.id,
        body,
        idempotencyKey,
      });
      if (applied && idempotencyKey !== undefined) {
        // Housekeeping after the answer is safely stored: its failure must not fail the request.
        await pruneSyncResponses(db, user.id, new Date()).catch((cause: unknown) =>
          request.log.warn({ err: cause }, 'pruning stored sync responses failed'),
        );
      }
      return questions;
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
