import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobKind } from '../db/schema';
import { HttpError } from '../errors';
import { chunks } from '../db/chunks';

/**
 * Queuing a job (docs/architecture.md 4 "Jobs"): its row and its items in one transaction,
 * once per idempotency key, within the organization's cap of waiting items.
 */

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
