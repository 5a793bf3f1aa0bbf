import { createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Kysely } from 'kysely';
import { IdempotencyHeaders } from '../../../shared/contract/common';
import {
  CopyAssessmentsBody,
  FinishAssessmentsBody,
  JobCreated,
  JobIdParams,
  JobState,
  type FailedJobItem,
} from '../../../shared/contract/jobs';
import type { Database } from '../db/schema';
import { requireUser, type AuthUser } from '../auth/guard';
import { findAssessment } from '../domain/access';
import { residencesWithReady, targetIsSource, targetReadyConflict } from '../domain/copy-targets';
import { badRequest, forbidden, HttpError, notFound } from '../errors';
import { copenhagenDate, validFromDate } from '../jobs/dates';
import { enqueueJob, MAX_FAKE_JOB_ITEMS, type EnqueueCommand, type NewJobItem } from '../jobs/queue';
import { ownJob } from '../jobs/own-job';
import type { RouteDeps } from './deps';
import { chunks } from '../db/chunks';

/** 5,000 finish items are about 650 KB of JSON: these two bodies may be larger than the 256 KiB of others. */
export const JOB_BODY_LIMIT = 1024 * 1024;

const hashOf = (value: unknown) => createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Every id once, in first-seen order, lower-cased (the database answers uuids so). */
function unique<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item).toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

const notApprovable = (assessmentId: string, reason: string) =>
  new HttpError(409, `Assessment ${assessmentId} cannot be approved: ${reason}`, 'ASSESSMENT_NOT_APPROVABLE');

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
      // Approve now sends today; an approval never starts on a day that has passed.
      const today = copenhagenDate(new Date());
      const items = unique(request.body.assessmentsToFinish, (i) => i.assessmentId).map((i) => {
        const validFrom = validFromDate(i.validFrom);
        if (validFrom === null) throw badRequest(`validFrom ${i.validFrom} is not a date`);
        if (validFrom < today) {
          throw badRequest(
            `validFrom ${i.validFrom} is before today (${today} in Copenhagen): an approval starts today at the earliest`,
          );
        }
        return {
          assessmentId: i.assessmentId.toLowerCase(),
          propertyId: i.propertyId.toLowerCase(),
          validFrom,
        };
      });
      const rows = new Map<
        string,
        { residence_id: string; organization_id: string; status: string; is_calculated: boolean }
      >();
      for (const ids of chunks(items.map((i) => i.assessmentId))) {
        const found = await db
          .selectFrom('assessments')
          .select(['id', 'residence_id', 'organization_id', 'status', 'is_calculated'])
          .where('id', 'in', ids)
          .execute();
        for (const row of found) rows.set(row.id, row);
      }
      // Another organization's id first: 403 before anything about the rest.
      assertAllMember(
        user,
        [...rows.values()].map((r) => r.organization_id),
      );
      for (const item of items) {
        const row = rows.get(item.assessmentId);
        if (!row || row.status === 'cancelled') throw notFound(`Assessment ${item.assessmentId} not found`);
        if (row.residence_id !== item.propertyId) {
          throw notFound(`Assessment ${item.assessmentId} not found on this property`);
        }
      }
      for (const item of items) {
        const row = rows.get(item.assessmentId)!;
        if (row.status !== 'draft' && row.status !== 'rejected') {
          throw notApprovable(item.assessmentId, `it is ${row.status}`);
        }
        if (!row.is_calculated) throw notApprovable(item.assessmentId, 'required questions are unanswered');
      }
      const organizationId = singleOrganization([...rows.values()].map((r) => r.organization_id));
      const isFake = request.body.isFakeJob ?? false;
      const jobItems: NewJobItem[] = items.map((i) => ({ ...i }));
      return queue({
        kind: 'finish',
        userId: user.id,
        organizationId,
        isFake,
        sourceAssessmentId: null,
        idempotencyKey: request.headers['idempotency-key'],
        requestHash: hashOf({ kind: 'finish', isFake, items }),
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
      const residences = new Map<string, string>();
      for (const ids of chunks(propertyIds)) {
        const found = await db
          .selectFrom('residences')
          .select(['id', 'organization_id'])
          .where('id', 'in', ids)
          .execute();
        for (const row of found) residences.set(row.id, row.organization_id);
      }
      assertAllMember(user, [...residences.values()]);
      for (const id of propertyIds) {
        const organizationId = residences.get(id);
        if (organizationId === undefined) throw notFound(`Property ${id} not found`);
        if (organizationId !== source.organization_id) {
          throw forbidden('The source assessment belongs to another organization');
        }
      }
      // docs/product.md 4 "Bulk mode": a copy overwrites its targets, so the source's own
      // residence and residences with a ready assessment cannot be targets (copy-targets.ts).
      if (propertyIds.includes(source.residence_id)) throw targetIsSource();
      const ready = await residencesWithReady(db, propertyIds);
      if (ready.length > 0) throw targetReadyConflict(ready);
      const isFake = request.body.isFakeJob ?? false;
      return queue({
        kind: 'copy',
        userId: user.id,
        organizationId: source.organization_id,
        isFake,
        sourceAssessmentId: source.id,
        idempotencyKey: request.headers['idempotency-key'],
        requestHash: hashOf({ kind: 'copy', isFake, source: source.id, propertyIds }),
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

/**
 * The job's state for its own user (GET /api/v2/jobs/{jobId}); undefined for another user's job,
 * one of an organization the user has left since, or a missing one: a 403 would tell which ids
 * exist.
 */
export async function readJobState(
  db: Kysely<Database>,
  user: AuthUser,
  jobId: string,
): Promise<JobState | undefined> {
  const job = await ownJob(db, { userId: user.id, organizationIds: user.organizationIds }, jobId)
    ?.select(['id', 'kind', 'status', 'current_count', 'max_count', 'error_count'])
    .executeTakeFirst();
  if (!job) return undefined;
  const items = await db
    .selectFrom('job_items')
    .select(['property_id', 'assessment_id', 'status', 'result_id', 'error_code', 'error_message'])
    .where('job_id', '=', job.id)
    .where('status', 'in', ['failed', 'done'])
    .orderBy('position')
    .execute();
  const failedItems: FailedJobItem[] = items
    .filter((i) => i.status === 'failed')
    .map((i) => ({
      propertyId: i.property_id,
      assessmentId: i.assessment_id,
      code: i.error_code ?? 'FAILED',
      message: i.error_message ?? '',
    }));
  const copied =
    job.kind === 'copy'
      ? items
          .filter((i) => i.status === 'done' && i.result_id !== null)
          .map((i) => ({ propertyId: i.property_id, newAssessmentId: i.result_id! }))
      : [];
  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    currentCount: job.current_count,
    maxCount: job.max_count,
    errorCount: job.error_count,
    failedItems,
    copied,
  };
}

/**
 * The spec's flag-fake_copy is for demonstrations: a fake job goes through every item like a real
 * one, and thousands of them would hold the queue for nothing (docs/api.md "Jobs", `isFakeJob`).
 */
function assertFakeJobSize(isFake: boolean | undefined, count: number): void {
  if (isFake && count > MAX_FAKE_JOB_ITEMS)
    throw badRequest(`isFakeJob runs at most ${MAX_FAKE_JOB_ITEMS} items`);
}

function assertAllMember(user: AuthUser, organizationIds: readonly string[]): void {
  for (const id of organizationIds) {
    if (!user.organizationIds.includes(id)) throw forbidden('Not a member of this organization');
  }
}

/** A job belongs to one organization: the items of one request must too. */
function singleOrganization(organizationIds: readonly string[]): string {
  const distinct = [...new Set(organizationIds)];
  if (distinct.length !== 1)
    throw badRequest('All assessments of one request must belong to one organization');
  return distinct[0]!;
}
