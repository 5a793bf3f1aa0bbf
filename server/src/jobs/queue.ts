import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobItemStatus, JobKind, JobStatus } from '../db/schema';
import { HttpError } from '../errors';
import { LeaseLostError } from './errors';
import { ownJob } from './own-job';
import { chunks } from '../db/chunks';

/**
 * The job queue on PostgreSQL (docs/architecture.md 4 "Jobs"): `jobs` holds one row per copy
 * or finish job with its lease and counters, `job_items` one row per target. A worker claims
 * a job with FOR UPDATE SKIP LOCKED and holds it by a lease (`lease_owner`, `locked_until`)
 * that every finished item renews; a job whose worker died is claimed again once the lease
 * has run out. Every item is one transaction that checks the lease, does the domain write,
 * marks the item and advances the counters, so a rerun skips finished items.
 *
 * Fair: a claim takes the organization whose jobs had their turn longest ago, then that
 * organization's user likewise; a worker gives its job back after an item when another
 * organization or user is waiting (`othersWaiting`, `handBackJob`). A job may be cancelled by its
 * owner (`cancelJob`), which takes the lease away: the item under way ends, no other starts.
 */

/** How long a claim holds a job without progress. */
export const DEFAULT_LEASE_MS = 30_000;
/** Claims of one job before its remaining items are failed (a job that keeps crashing its worker). */
export const MAX_ATTEMPTS = 5;
/** Items of one job (docs/api.md). */
export const MAX_JOB_ITEMS = 5000;
/** Items of one fake job (`isFakeJob`, a demonstration; docs/api.md). */
export const MAX_FAKE_JOB_ITEMS = 100;

export interface NewJobItem {
  propertyId: string;
  assessmentId: string | null;
  validFrom: string | null;
}

const danish = (n: number) => n.toLocaleString('da-DK');

/** The organization's queue is full: its waiting items plus these exceed its cap. */
export class QueueFullError extends HttpError {
  constructor(waiting: number, limit: number) {
    super(
      429,
      `Organisationen har ${danish(waiting)} boliger i kø, og der kan højst være ${danish(limit)}. Vent, til nogle af dem er færdige, og prøv igen.`,
      'JOB_QUEUE_FULL',
      { waiting, limit },
    );
  }
}

export interface EnqueueCommand {
  kind: JobKind;
  userId: string;
  organizationId: string;
  isFake: boolean;
  sourceAssessmentId: string | null;
  idempotencyKey: string | undefined;
  /** sha256 of the request: a key reused for another request is a 409. */
  requestHash: string;
  items: readonly NewJobItem[];
  /** Items the organization may have waiting, these included (QueueFullError beyond). */
  maxQueuedItems: number;
}

/**
 * Queues a job with its items in one transaction. A repeated idempotency key of the user
 * answers the job it created (409 when the request differs), without queuing anything. The
 * organization row is locked while its waiting items are counted, so two requests at once
 * cannot both slip under the cap.
 */
export async function enqueueJob(
  db: Kysely<Database>,
  command: EnqueueCommand,
  now: Date = new Date(),
): Promise<{ jobId: string; created: boolean }> {
  return db.transaction().execute(async (trx) => {
    await trx
      .selectFrom('organizations')
      .select('id')
      .where('id', '=', command.organizationId)
      .forUpdate()
      .executeTakeFirst();
    const repeated = await existingJob(trx, command);
    if (repeated) return { jobId: repeated, created: false };
    const waiting = await waitingItems(trx, command.organizationId);
    if (waiting + command.items.length > command.maxQueuedItems) {
      throw new QueueFullError(waiting, command.maxQueuedItems);
    }
    const id = randomUUID();
    const inserted = await trx
      .insertInto('jobs')
      .values({
        id,
        kind: command.kind,
        user_id: command.userId,
        organization_id: command.organizationId,
        status: 'queued',
        is_fake: command.isFake,
        source_assessment_id: command.sourceAssessmentId,
        idempotency_key: command.idempotencyKey ?? null,
        request_hash: command.requestHash,
        run_after: now,
        lease_owner: null,
        locked_until: null,
        max_count: command.items.length,
        last_error: null,
        created_at: now,
        updated_at: now,
        finished_at: null,
      })
      .onConflict((oc) => oc.columns(['user_id', 'idempotency_key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) {
      // The same key was queued by a request of another organization's lock meanwhile.
      return { jobId: (await existingJob(trx, command))!, created: false };
    }
    let position = 0;
    for (const chunk of chunks(command.items)) {
      await trx
        .insertInto('job_items')
        .values(
          chunk.map((item) => ({
            job_id: id,
            position: position++,
            property_id: item.propertyId,
            assessment_id: item.assessmentId,
            valid_from: item.validFrom,
            result_id: null,
            error_code: null,
            error_message: null,
            updated_at: now,
          })),
        )
        .execute();
    }
    return { jobId: id, created: true };
  });
}

/**
 * The job this user queued with this idempotency key, or undefined; a key reused for another
 * request is a 409.
 */
async function existingJob(trx: Transaction<Database>, command: EnqueueCommand): Promise<string | undefined> {
  if (command.idempotencyKey === undefined) return undefined;
  const existing = await trx
    .selectFrom('jobs')
    .select(['id', 'request_hash'])
    .where('user_id', '=', command.userId)
    .where('idempotency_key', '=', command.idempotencyKey)
    .executeTakeFirst();
  if (existing && existing.request_hash !== command.requestHash) {
    throw new HttpError(
      409,
      'This Idempotency-Key was already used for a different request',
      'IDEMPOTENCY_KEY_REUSED',
    );
  }
  return existing?.id;
}

/** Items of the organization's unfinished jobs not yet processed. */
async function waitingItems(trx: Transaction<Database>, organizationId: string): Promise<number> {
  const row = await trx
    .selectFrom('jobs')
    .select(sql<string>`coalesce(sum(max_count - current_count), 0)`.as('waiting'))
    .where('organization_id', '=', organizationId)
    .where('status', 'in', ['queued', 'running'])
    .executeTakeFirstOrThrow();
  return Number(row.waiting);
}

export interface ClaimedJob {
  id: string;
  kind: JobKind;
  userId: string;
  organizationId: string;
  isFake: boolean;
  sourceAssessmentId: string | null;
  maxCount: number;
  attempts: number;
}

/** The last turn of the job's organization, and of its user there: the claim's order. */
const organizationTurn = sql`(select max(t.last_turn_at) from jobs t where t.organization_id = j.organization_id)`;
const userTurn = sql`(select max(t.last_turn_at) from jobs t
  where t.organization_id = j.organization_id and t.user_id = j.user_id)`;

/**
 * Claims an unfinished job that is due and not leased (or whose lease has run out) for `owner`
 * until now + leaseMs, and marks its turn. Round-robin: the organization whose last turn is
 * oldest (never is oldest) goes first, then its user likewise, then that user's oldest job.
 * Several workers on one PostgreSQL never claim the same job at once: the row is locked with
 * SKIP LOCKED while it is taken.
 */
export async function claimJob(
  db: Kysely<Database>,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ClaimedJob | undefined> {
  const row = await db
    .updateTable('jobs')
    .set((eb) => ({
      status: 'running',
      lease_owner: owner,
      locked_until: new Date(now.getTime() + leaseMs),
      attempts: eb('attempts', '+', 1),
      last_turn_at: now,
      updated_at: now,
    }))
    .where('id', '=', (eb) =>
      eb
        .selectFrom('jobs as j')
        .select('j.id')
        .where('j.status', 'in', ['queued', 'running'])
        .where('j.run_after', '<=', now)
        .where((w) => w.or([w('j.locked_until', 'is', null), w('j.locked_until', '<', now)]))
        .orderBy(sql`${organizationTurn} nulls first`)
        .orderBy(sql`${userTurn} nulls first`)
        .orderBy('j.run_after')
        .orderBy('j.created_at')
        .limit(1)
        .forUpdate()
        .skipLocked(),
    )
    .returning([
      'id',
      'kind',
      'user_id',
      'organization_id',
      'is_fake',
      'source_assessment_id',
      'max_count',
      'attempts',
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  return {
    id: row.id,
    kind: row.kind,
    userId: row.user_id,
    organizationId: row.organization_id,
    isFake: row.is_fake,
    sourceAssessmentId: row.source_assessment_id,
    maxCount: row.max_count,
    attempts: row.attempts,
  };
}

/**
 * Gives a job back after an unexpected error: no lease, due again after a back-off that grows
 * with its attempts. Items already finished stay finished.
 */
export async function releaseJob(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  now: Date,
  error: string,
  attempts: number,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set({
      lease_owner: null,
      locked_until: null,
      run_after: new Date(now.getTime() + 2_000 * 2 ** Math.min(attempts, 8)),
      last_error: error.slice(0, 2000),
      updated_at: now,
    })
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Gives a job back at once because its worker is shutting down (docs/architecture.md "Shutdown"):
 * another process, or this one after its restart, claims it right away, and the claim this
 * worker made does not count as one of the job's attempts. Also after an item when others are
 * waiting (`othersWaiting`): the next claim picks by turn. Either way the job keeps its place
 * among its user's jobs (run_after and created_at are untouched).
 */
export async function handBackJob(
  db: Kysely<Database>,
  jobId: string,
  owner: string,
  now: Date,
): Promise<void> {
  await db
    .updateTable('jobs')
    .set((eb) => ({
      lease_owner: null,
      locked_until: null,
      attempts: eb('attempts', '-', 1),
      updated_at: now,
    }))
    .where('id', '=', jobId)
    .where('lease_owner', '=', owner)
    .execute();
}

/**
 * Whether a job of another organization, or of another user, could be claimed now: then the
 * worker gives its job back after the item under way (`handBackJob`) and claims again.
 */
export async function othersWaiting(db: Kysely<Database>, job: ClaimedJob, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('jobs')
    .select('id')
    .where('status', 'in', ['queued', 'running'])
    .where('run_after', '<=', now)
    .where((w) => w.or([w('locked_until', 'is', null), w('locked_until', '<', now)]))
    .where((w) => w.or([w('organization_id', '!=', job.organizationId), w('user_id', '!=', job.userId)]))
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** What cancelJob found: the job's counts after it, or that it had already ended. */
export type CancelResult =
  | { cancelled: true; counts: JobCounts; organizationId: string }
  | { cancelled: false; status: JobStatus }
  | undefined;

/**
 * Stops a job for its owner (docs/api.md "Jobs", cancel). The job row is locked first: an item
 * under way holds that lock until it commits, so it ends done and counted, and a job that ends
 * at the same moment either ends first (then nothing is cancelled) or finds its lease gone
 * (LeaseLostError: no further item starts). Items not yet done become `cancelled`; done ones
 * stay done. Undefined when the user has no such job.
 */
export async function cancelJob(
  db: Kysely<Database>,
  params: { jobId: string; userId: string; organizationIds: readonly string[]; now: Date },
): Promise<CancelResult> {
  const { jobId, userId, organizationIds, now } = params;
  return db.transaction().execute(async (trx): Promise<CancelResult> => {
    const job = await ownJob(trx, { userId, organizationIds }, jobId)
      ?.select(['status', 'current_count', 'max_count', 'error_count', 'organization_id'])
      .forUpdate()
      .executeTakeFirst();
    if (!job) return undefined;
    if (job.status !== 'queued' && job.status !== 'running') return { cancelled: false, status: job.status };
    await trx
      .updateTable('job_items')
      .set({ status: 'cancelled', updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'pending')
      .execute();
    await trx
      .updateTable('jobs')
      .set({ status: 'cancelled', lease_owner: null, locked_until: null, finished_at: now, updated_at: now })
      .where('id', '=', jobId)
      .execute();
    return {
      cancelled: true,
      organizationId: job.organization_id,
      counts: {
        status: 'cancelled',
        currentCount: job.current_count,
        maxCount: job.max_count,
        errorCount: job.error_count,
      },
    };
  });
}

export interface PendingItem {
  position: number;
  propertyId: string;
  assessmentId: string | null;
  validFrom: string | null;
}

/** The first item of the job not yet done, in request order. */
export async function nextPendingItem(db: Kysely<Database>, jobId: string): Promise<PendingItem | undefined> {
  const row = await db
    .selectFrom('job_items')
    .select(['position', 'property_id', 'assessment_id', 'valid_from'])
    .where('job_id', '=', jobId)
    .where('status', '=', 'pending')
    .orderBy('position')
    .limit(1)
    .executeTakeFirst();
  return (
    row && {
      position: row.position,
      propertyId: row.property_id,
      assessmentId: row.assessment_id,
      validFrom: row.valid_from,
    }
  );
}

/** What happened to one item. */
export type ItemOutcome =
  | { status: 'done'; resultId: string | null }
  | { status: 'skipped' }
  | { status: 'failed'; code: string; message: string };

export interface JobCounts {
  status: JobStatus;
  currentCount: number;
  maxCount: number;
  errorCount: number;
}

/** The status of a job once every item is processed. */
export function finalStatus(errorCount: number, maxCount: number): JobStatus {
  if (errorCount === 0) return 'succeeded';
  return errorCount >= maxCount ? 'failed' : 'partlyFailed';
}

/**
 * One item in one transaction: locks the job row and checks that `owner` still holds it
 * (LeaseLostError otherwise), locks the item (null when it is no longer pending: nothing is
 * done twice), runs `work` (the domain write, in the same transaction), records the outcome
 * on the item, counts it (failed items count too) and renews the lease; the last item
 * finishes the job and frees it.
 */
export async function completeItem(
  db: Kysely<Database>,
  params: { jobId: string; owner: string; position: number; now: Date; leaseMs: number },
  work: (trx: Transaction<Database>) => Promise<ItemOutcome>,
): Promise<{ outcome: ItemOutcome; counts: JobCounts } | null> {
  const { jobId, owner, position, now, leaseMs } = params;
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['lease_owner', 'max_count'])
      .where('id', '=', jobId)
      .forUpdate()
      .executeTakeFirst();
    if (!job || job.lease_owner !== owner) throw new LeaseLostError(jobId);
    const item = await trx
      .selectFrom('job_items')
      .select('status')
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .forUpdate()
      .executeTakeFirst();
    if (!item || item.status !== 'pending') return null;

    const outcome = await work(trx);
    await trx
      .updateTable('job_items')
      .set({
        status: outcome.status satisfies JobItemStatus,
        result_id: outcome.status === 'done' ? outcome.resultId : null,
        error_code: outcome.status === 'failed' ? outcome.code : null,
        error_message: outcome.status === 'failed' ? outcome.message : null,
        updated_at: now,
      })
      .where('job_id', '=', jobId)
      .where('position', '=', position)
      .execute();
    const failed = outcome.status === 'failed' ? 1 : 0;
    const counted = await trx
      .updateTable('jobs')
      .set((eb) => ({
        current_count: eb('current_count', '+', 1),
        error_count: eb('error_count', '+', failed),
        locked_until: new Date(now.getTime() + leaseMs),
        updated_at: now,
      }))
      .where('id', '=', jobId)
      .returning(['current_count', 'max_count', 'error_count'])
      .executeTakeFirstOrThrow();
    let status: JobStatus = 'running';
    if (counted.current_count >= counted.max_count) {
      status = finalStatus(counted.error_count, counted.max_count);
      await trx
        .updateTable('jobs')
        .set({ status, lease_owner: null, locked_until: null, finished_at: now })
        .where('id', '=', jobId)
        .execute();
    }
    return {
      outcome,
      counts: {
        status,
        currentCount: counted.current_count,
        maxCount: counted.max_count,
        errorCount: counted.error_count,
      },
    };
  });
}

/**
 * A job claimed more than MAX_ATTEMPTS times: its pending items fail with `message` and the
 * job finishes. Answers the counts and the last failed item, or null when the lease is lost.
 */
export async function abortJob(
  db: Kysely<Database>,
  params: { jobId: string; owner: string; now: Date; code: string; message: string },
): Promise<{ counts: JobCounts; lastPropertyId: string | null } | null> {
  const { jobId, owner, now, code, message } = params;
  return db.transaction().execute(async (trx) => {
    const job = await trx
      .selectFrom('jobs')
      .select(['lease_owner'])
      .where('id', '=', jobId)
      .forUpdate()
      .executeTakeFirst();
    if (!job || job.lease_owner !== owner) return null;
    const failed = await trx
      .updateTable('job_items')
      .set({ status: 'failed', error_code: code, error_message: message, updated_at: now })
      .where('job_id', '=', jobId)
      .where('status', '=', 'pending')
      .returning(['position', 'property_id'])
      .execute();
    const last = failed.reduce<(typeof failed)[number] | null>(
      (a, b) => (a === null || b.position > a.position ? b : a),
      null,
    );
    const counted = await trx
      .updateTable('jobs')
      .set((eb) => ({
        current_count: eb('current_count', '+', failed.length),
        error_count: eb('error_count', '+', failed.length),
        updated_at: now,
      }))
      .where('id', '=', jobId)
      .returning(['current_count', 'max_count', 'error_count'])
      .executeTakeFirstOrThrow();
    const status = finalStatus(counted.error_count, counted.max_count);
    await trx
      .updateTable('jobs')
      .set({ status, lease_owner: null, locked_until: null, finished_at: now })
      .where('id', '=', jobId)
      .execute();
    return {
      lastPropertyId: last?.property_id ?? null,
      counts: {
        status,
        currentCount: counted.current_count,
        maxCount: counted.max_count,
        errorCount: counted.error_count,
      },
    };
  });
}
