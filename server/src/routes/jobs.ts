import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdempotencyHeaders } from '../../../shared/contract/common';
import {
  CopyAssessmentsBody,
  FinishAssessmentsBody,
  JobCreated,
  JobIdParams,
  JobState,
} from '../../../shared/contract/jobs';
import { requireUser } from '../auth/guard';
import { findAssessment } from '../domain/access';
import { notFound } from '../errors';
import { assertCopyTargets } from '../jobs/copy-request';
import { approvableOrganization, finishItems } from '../jobs/finish-request';
import { readJobState } from '../jobs/job-state';
import { enqueueJob, type EnqueueCommand, type NewJobItem } from '../jobs/queue';
import { assertFakeJobSize, requestHash, unique } from '../jobs/request-checks';
import type { RouteDeps } from './deps';

/** 5,000 finish items are about 650 KB of JSON: these two bodies may be larger than the 256 KiB of others. */
export const JOB_BODY_LIMIT = 1024 * 1024;

export interface JobRoutesOptions extends Pick<RouteDeps, 'db' | 'guards' | 'config'> {
  /** A new job was queued: the worker of this process may start at once. */
  onQueued: () => void;
}

/**
 * The bulk calls of docs/product.md 7 and the job state (docs/api.md "Jobs"):
 * finishassessments and copyassessments check the write role and every id (403 for another
 * organization's, 404 for unknown ones, 409 for an assessment that may not be approved or a
 * copy target that may not be overwritten) before anything is queued, queue one job and answer
 * its id; the worker does the items.
 */
export const jobRoutes: FastifyPluginAsyncTypebox<JobRoutesOptions> = async (
  app,
  { db, guards, config, onQueued },
) => {
  const queue = async (command: Omit<EnqueueCommand, 'maxQueuedItems'>): Promise<JobCreated> => {
    const { jobId, created } = await enqueueJob(db, {
      ...command,
      maxQueuedItems: config.jobQueueItemsPerOrganization,
    });
    if (created) onQueued();
    return { jobId };
  };

  app.post(
    '/api/v2/assessment/finishassessments',
    {
      preHandler: guards.requireWrite,
      bodyLimit: JOB_BODY_LIMIT,
      schema: { headers: IdempotencyHeaders, body: FinishAssessmentsBody, response: { 200: JobCreated } },
    },
    async (request) => {
      assertFakeJobSize(request.body.isFakeJob, request.body.assessmentsToFinish.length);
      const user = requireUser(request);
      const items = finishItems(request.body.assessmentsToFinish, new Date());
      const organizationId = await approvableOrganization(db, user, items);
      const isFake = request.body.isFakeJob ?? false;
      const jobItems: NewJobItem[] = items.map((i) => ({ ...i }));
      return queue({
        kind: 'finish',
        userId: user.id,
        organizationId,
        isFake,
        sourceAssessmentId: null,
        idempotencyKey: request.headers['idempotency-key'],
        requestHash: requestHash({ kind: 'finish', isFake, items }),
        items: jobItems,
      });
    },
  );

  app.post(
    '/api/v2/assessment/copyassessments',
    {
      preHandler: guards.requireWrite,
      bodyLimit: JOB_BODY_LIMIT,
      schema: { headers: IdempotencyHeaders, body: CopyAssessmentsBody, response: { 200: JobCreated } },
    },
    async (request) => {
      assertFakeJobSize(request.body.isFakeJob, new Set(request.body.propertyIds).size);
      const user = requireUser(request);
      const source = await findAssessment(db, user, request.body.sourceAssessmentIdToCopyFrom);
      const propertyIds = unique(request.body.propertyIds, (id) => id).map((id) => id.toLowerCase());
      await assertCopyTargets(db, user, source, propertyIds);
      const isFake = request.body.isFakeJob ?? false;
      return queue({
        kind: 'copy',
        userId: user.id,
        organizationId: source.organization_id,
        isFake,
        sourceAssessmentId: source.id,
        idempotencyKey: request.headers['idempotency-key'],
        requestHash: requestHash({ kind: 'copy', isFake, source: source.id, propertyIds }),
        items: propertyIds.map((propertyId) => ({ propertyId, assessmentId: null, validFrom: null })),
      });
    },
  );

  app.get(
    '/api/v2/jobs/:jobId',
    { schema: { params: JobIdParams, response: { 200: JobState } } },
    async (request) => {
      const state = await readJobState(db, requireUser(request), request.params.jobId);
      if (!state) throw notFound('Job not found');
      return state;
    },
  );
};
