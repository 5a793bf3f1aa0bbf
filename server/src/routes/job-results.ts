import type { FastifyInstance } from 'fastify';
import type { JobItemOutcome, JobItemsPage, JobState } from '../../../shared/contract/dto';
import { JOB_ITEM_OUTCOMES } from '../../../shared/contract/dto';
import * as schemas from '../domain/schemas';
import { HttpError, notFound } from '../errors';
import { JOB_ITEMS_DEFAULT_LIMIT, JOB_ITEMS_MAX_LIMIT, readJobItems } from '../jobs/job-items';
import type { JobEvents } from '../jobs/job-events';
import { cancelJob, MAX_JOB_ITEMS } from '../jobs/queue';
import type { RouteDeps } from './deps';
import { readJobState } from './jobs';

const outcomeSchema = { type: 'string', enum: [...JOB_ITEM_OUTCOMES] } as const;

const jobItemsPageSchema = {
  type: 'object',
  required: ['jobId', 'kind', 'status', 'counts', 'total', 'offset', 'items'],
  properties: {
    jobId: { type: 'string' },
    kind: { type: 'string' },
    status: { type: 'string' },
    counts: {
      type: 'object',
      required: [...JOB_ITEM_OUTCOMES],
      properties: Object.fromEntries(JOB_ITEM_OUTCOMES.map((o) => [o, { type: 'integer' }])),
    },
    total: { type: 'integer' },
    offset: { type: 'integer' },
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: [
          'position',
          'propertyId',
          'location',
          'outcome',
          'code',
          'message',
          'validFrom',
          'assessment',
        ],
        properties: {
          position: { type: 'integer' },
          propertyId: { type: 'string' },
          location: { type: 'string' },
          outcome: { type: 'string' },
          code: { type: ['string', 'null'] },
          message: { type: ['string', 'null'] },
          validFrom: { type: ['string', 'null'] },
          assessment: { anyOf: [schemas.assessmentListEntry, { type: 'null' }] },
        },
      },
    },
  },
} as const;

/**
 * A job's result page and its Stop (docs/api.md "Jobs"): GET /api/v2/jobs/{jobId}/items reads the
 * items a page at a time; POST /api/v2/jobs/{jobId}/cancel stops the job for its owner and
 * answers its state (409 JOB_ENDED with the state when it had already ended).
 */
export function registerJobResultRoutes(
  app: FastifyInstance,
  { db, guards }: RouteDeps,
  jobEvents: JobEvents | undefined,
): void {
  app.get<{
    Params: { jobId: string };
    Querystring: { offset: number; limit: number; outcome?: JobItemOutcome };
  }>(
    '/api/v2/jobs/:jobId/items',
    {
      preHandler: guards.authenticate,
      schema: {
        params: schemas.jobIdParams,
        querystring: {
          type: 'object',
          properties: {
            offset: { type: 'integer', minimum: 0, maximum: MAX_JOB_ITEMS, default: 0 },
            limit: {
              type: 'integer',
              minimum: 1,
              maximum: JOB_ITEMS_MAX_LIMIT,
              default: JOB_ITEMS_DEFAULT_LIMIT,
            },
            outcome: outcomeSchema,
          },
        },
        response: { 200: jobItemsPageSchema },
      },
    },
    async (request): Promise<JobItemsPage> => {
      const page = await readJobItems(db, {
        jobId: request.params.jobId.toLowerCase(),
        userId: request.user!.id,
        organizationIds: request.user!.organizationIds,
        ...request.query,
      });
      // Another user's job is as unknown as a missing one: a 403 would tell which ids exist.
      if (!page) throw notFound('Job not found');
      return page;
    },
  );

  app.post<{ Params: { jobId: string } }>(
    '/api/v2/jobs/:jobId/cancel',
    { preHandler: [guards.authenticate, guards.requireWrite], schema: { params: schemas.jobIdParams } },
    async (request): Promise<JobState> => {
      const user = request.user!;
      const jobId = request.params.jobId.toLowerCase();
      const result = await cancelJob(db, {
        jobId,
        userId: user.id,
        organizationIds: user.organizationIds,
        now: new Date(),
      });
      if (!result) throw notFound('Job not found');
      const state = await readJobState(db, user, jobId);
      if (!state) throw notFound('Job not found');
      if (!result.cancelled) {
        throw new HttpError(409, `The job has already ended (${result.status})`, 'JOB_ENDED', { state });
      }
      await publishCancelled(jobEvents, state, user.id, result.organizationId).catch((error: unknown) =>
        // The other tabs of the user read the job's state again when their hub reconnects.
        request.log.error({ err: error }, `publishing the cancel of job ${jobId}`),
      );
      return state;
    },
  );
}

/** The user's other tabs and devices following the job learn that it was stopped. */
async function publishCancelled(
  jobEvents: JobEvents | undefined,
  state: JobState,
  userId: string,
  organizationId: string,
): Promise<void> {
  if (!jobEvents) return;
  const counts = { currentCount: state.currentCount, maxCount: state.maxCount, error: null, cancelled: true };
  await jobEvents.publish(
    state.kind === 'copy'
      ? {
          kind: 'copy',
          userId,
          organizationId,
          jobId: state.jobId,
          payload: { propertyId: '', newAssessmentId: null, ...counts },
        }
      : { kind: 'finish', userId, organizationId, jobId: state.jobId, payload: counts },
  );
}
