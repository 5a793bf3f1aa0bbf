import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  JobIdParams,
  JobItemsPage,
  JobItemsQuery,
  JobState,
  type JobEnded,
} from '../../../shared/contract/jobs';
import { JOB_ITEMS_DEFAULT_LIMIT } from '../../../shared/contract/limits';
import { requireUser } from '../auth/guard';
import { HttpError, notFound } from '../errors';
import { readJobItems } from '../jobs/job-items';
import type { JobEvents } from '../jobs/job-events';
import { cancelJob } from '../jobs/queue';
import type { RouteDeps } from './deps';
import { readJobState } from '../jobs/job-state';

export interface JobResultRoutesOptions extends Pick<RouteDeps, 'db' | 'guards'> {
  /** Where a Stop is announced to the user's other tabs (the hub). */
  jobEvents: JobEvents | undefined;
}

/**
 * A job's result page and its Stop (docs/api.md "Jobs"): GET /api/v2/jobs/{jobId}/items reads the
 * items a page at a time; POST /api/v2/jobs/{jobId}/cancel stops the job for its owner and
 * answers its state (409 JOB_ENDED with the state when it had already ended).
 */
export const jobResultRoutes: FastifyPluginAsyncTypebox<JobResultRoutesOptions> = async (
  app,
  { db, guards, jobEvents },
) => {
  app.get(
    '/api/v2/jobs/:jobId/items',
    { schema: { params: JobIdParams, querystring: JobItemsQuery, response: { 200: JobItemsPage } } },
    async (request) => {
      const user = requireUser(request);
      // The validator has filled in the defaults; the schema's type cannot say so.
      const { offset = 0, limit = JOB_ITEMS_DEFAULT_LIMIT, outcome } = request.query;
      const page = await readJobItems(db, {
        jobId: request.params.jobId.toLowerCase(),
        userId: user.id,
        organizationIds: user.organizationIds,
        offset,
        limit,
        outcome,
      });
      // Another user's job is as unknown as a missing one: a 403 would tell which ids exist.
      if (!page) throw notFound('Job not found');
      return page;
    },
  );

  app.post(
    '/api/v2/jobs/:jobId/cancel',
    { preHandler: guards.requireWrite, schema: { params: JobIdParams, response: { 200: JobState } } },
    async (request) => {
      const user = requireUser(request);
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
        const details: Pick<JobEnded, 'state'> = { state };
        throw new HttpError(409, `The job has already ended (${result.status})`, 'JOB_ENDED', details);
      }
      await publishCancelled(jobEvents, state, user.id, result.organizationId).catch((error: unknown) =>
        // The other tabs of the user read the job's state again when their hub reconnects.
        request.log.error({ err: error }, `publishing the cancel of job ${jobId}`),
      );
      return state;
    },
  );
};

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
