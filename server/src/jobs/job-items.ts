import type { Kysely } from 'kysely';
import {
  JOB_ITEM_OUTCOMES,
  type JobItem,
  type JobItemOutcome,
  type JobItemsPage,
} from '../../../shared/contract/dto';
import type { Database } from '../db/schema';
import { assessmentListQuery, toListEntries } from '../domain/assessment-list';
import { residenceLocation } from '../domain/residences';
import { ownJob, type JobOwner } from './own-job';

/** Items per page of GET /api/v2/jobs/{jobId}/items (docs/api.md "Jobs"): the contract's bounds. */
export { JOB_ITEMS_DEFAULT_LIMIT, JOB_ITEMS_MAX_LIMIT } from '../../../shared/contract/limits';

export interface JobItemsQuery extends JobOwner {
  jobId: string;
  offset: number;
  limit: number;
  outcome?: JobItemOutcome;
}

/**
 * A page of a job's items in request order, each with its residence's address, its outcome and
 * the assessment it made or approved as that is now (docs/api.md "Jobs"), so that a result page
 * of thousands reads a screenful at a time instead of sending every id up. Only the job's own
 * user, while a member of its organization, reads it; undefined otherwise (as for a missing job).
 */
export async function readJobItems(
  db: Kysely<Database>,
  query: JobItemsQuery,
): Promise<JobItemsPage | undefined> {
  const job = await ownJob(db, query, query.jobId)?.select(['id', 'kind', 'status']).executeTakeFirst();
  if (!job) return undefined;

  const grouped = await db
    .selectFrom('job_items')
    .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
    .where('job_id', '=', job.id)
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(JOB_ITEM_OUTCOMES.map((o) => [o, 0])) as Record<JobItemOutcome, number>;
  for (const row of grouped) counts[row.status] = Number(row.count);
  const all = JOB_ITEM_OUTCOMES.reduce((sum, o) => sum + counts[o], 0);
  const total = query.outcome ? counts[query.outcome] : all;

  let items = db
    .selectFrom('job_items as i')
    .leftJoin('residences as r', 'r.id', 'i.property_id')
    .select([
      'i.position',
      'i.property_id',
      'i.assessment_id',
      'i.result_id',
      'i.status',
      'i.error_code',
      'i.error_message',
      'i.valid_from',
      'r.street_name',
      'r.street_number',
      'r.floor_number',
      'r.door_code',
      'r.zip_code',
    ])
    .where('i.job_id', '=', job.id)
    .orderBy('i.position');
  // Unfiltered, positions are dense from 0: the page is a range of the primary key.
  items = query.outcome
    ? items.where('i.status', '=', query.outcome).offset(query.offset)
    : items.where('i.position', '>=', query.offset);
  const rows = await items.limit(query.limit).execute();

  // A copy's item points at the copy it made; an approval's at the assessment it approves.
  const assessmentIdOf = (row: (typeof rows)[number]) =>
    job.kind === 'copy' ? row.result_id : row.assessment_id;
  const ids = [...new Set(rows.map(assessmentIdOf).filter((id): id is string => id !== null))];
  const found =
    ids.length === 0
      ? []
      : await assessmentListQuery(db).where('a.id', 'in', ids).where('a.status', '!=', 'cancelled').execute();
  const entries = new Map((await toListEntries(db, found)).map((e) => [e.assessmentId, e]));

  return {
    jobId: job.id,
    kind: job.kind,
    status: job.status,
    counts,
    total,
    offset: query.offset,
    items: rows.map((row): JobItem => ({
      position: row.position,
      propertyId: row.property_id,
      location:
        row.street_name === null
          ? ''
          : residenceLocation({
              streetName: row.street_name,
              streetNumber: row.street_number!,
              floorNumber: row.floor_number,
              doorCode: row.door_code,
              zipCode: row.zip_code!,
            }),
      outcome: row.status,
      code: row.status === 'failed' ? (row.error_code ?? 'FAILED') : null,
      message: row.status === 'failed' ? (row.error_message ?? '') : null,
      validFrom: row.valid_from,
      assessment: entries.get(assessmentIdOf(row) ?? '') ?? null,
    })),
  };
}
