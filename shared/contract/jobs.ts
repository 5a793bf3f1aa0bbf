import { Type, type Static } from 'typebox';
import { Nullable, Uuid } from './common';
import { AssessmentListEntry } from './assessments';
import { JOB_ITEM_FAILURE_CODES, type JobItemFailureCode } from './error-codes';
import { JOB_ITEM_OUTCOMES } from './job-outcomes';
import { JOB_ITEMS_DEFAULT_LIMIT, JOB_ITEMS_MAX_LIMIT, MAX_JOB_ITEMS } from './limits';

/**
 * The job calls (docs/api.md "Jobs"): finishassessments and copyassessments queue a job, GET
 * /api/v2/jobs/{jobId} and its items read it, cancel stops it. The hub's progress messages are
 * not answers of a route: dto.ts still declares them by hand.
 */

/** Kinds of background job (docs/product.md 7: copyassessments and finishassessments). */
export const JobKind = Type.Enum(['copy', 'finish'], { type: 'string' });
export type JobKind = Static<typeof JobKind>;

export const JobStatus = Type.Enum(
  ['queued', 'running', 'succeeded', 'partlyFailed', 'failed', 'cancelled'],
  {
    type: 'string',
  },
);
export type JobStatus = Static<typeof JobStatus>;

/** What became of one item of a job (job-outcomes.ts). */
export const JobItemOutcome = Type.Enum([...JOB_ITEM_OUTCOMES], { type: 'string' });
export type JobItemOutcome = Static<typeof JobItemOutcome>;

/** Why an item failed (error-codes.ts JOB_ITEM_FAILURE_CODES). */
export const JobItemFailure = Type.Enum([...JOB_ITEM_FAILURE_CODES], { type: 'string' });
export type JobItemFailure = Static<typeof JobItemFailure>;

/** A failed item's code, null for any other item. */
const NullableJobItemFailure = Type.Unsafe<JobItemFailureCode | null>({
  type: ['string', 'null'],
  enum: [...JOB_ITEM_FAILURE_CODES, null],
});

// ---- Requests ---------------------------------------------------------------------------

/** "2026-12-01" or a date-time; the day it means is the server's (docs/api.md "finishassessments"). */
const ValidFrom = Type.String({
  maxLength: 40,
  pattern: '^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
});

/** POST /api/v2/assessment/finishassessments */
export const FinishAssessmentsBody = Type.Object({
  assessmentsToFinish: Type.Array(
    Type.Object({ assessmentId: Uuid, propertyId: Uuid, validFrom: ValidFrom }),
    {
      minItems: 1,
      maxItems: MAX_JOB_ITEMS,
    },
  ),
  isFakeJob: Type.Optional(Type.Boolean({ default: false })),
});
export type FinishAssessmentsBody = Static<typeof FinishAssessmentsBody>;

/** POST /api/v2/assessment/copyassessments */
export const CopyAssessmentsBody = Type.Object({
  propertyIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_JOB_ITEMS }),
  sourceAssessmentIdToCopyFrom: Uuid,
  isFakeJob: Type.Optional(Type.Boolean({ default: false })),
});
export type CopyAssessmentsBody = Static<typeof CopyAssessmentsBody>;

/** The path of a job's routes: `/api/v2/jobs/{jobId}…`. */
export const JobIdParams = Type.Object({ jobId: Uuid });
export type JobIdParams = Static<typeof JobIdParams>;

/**
 * GET /api/v2/jobs/{jobId}/items. `offset` and `limit` are optional on the wire; the server's
 * validator fills in their defaults.
 */
export const JobItemsQuery = Type.Object({
  offset: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_JOB_ITEMS, default: 0 })),
  limit: Type.Optional(
    Type.Integer({ minimum: 1, maximum: JOB_ITEMS_MAX_LIMIT, default: JOB_ITEMS_DEFAULT_LIMIT }),
  ),
  outcome: Type.Optional(JobItemOutcome),
});
export type JobItemsQuery = Static<typeof JobItemsQuery>;

// ---- Answers ----------------------------------------------------------------------------

/** copyassessments and finishassessments: the queued job. */
export const JobCreated = Type.Object({ jobId: Type.String() });
export type JobCreated = Static<typeof JobCreated>;

/** One item of a job that failed, with its reason in Danish. */
export const FailedJobItem = Type.Object({
  propertyId: Type.String(),
  assessmentId: Nullable(Type.String()),
  code: JobItemFailure,
  message: Type.String(),
});
export type FailedJobItem = Static<typeof FailedJobItem>;

/** GET /api/v2/jobs/{jobId} and cancel: what a client re-reads after a reconnect or a reload. */
export const JobState = Type.Object({
  jobId: Type.String(),
  kind: JobKind,
  status: JobStatus,
  currentCount: Type.Integer(),
  maxCount: Type.Integer(),
  errorCount: Type.Integer(),
  failedItems: Type.Array(FailedJobItem),
  /** Copy jobs: the new assessment of each copied residence, in item order. */
  copied: Type.Array(Type.Object({ propertyId: Type.String(), newAssessmentId: Type.String() })),
});
export type JobState = Static<typeof JobState>;

/** One item of a job as its result page lists it. */
export const JobItem = Type.Object({
  /** The item's place in the request, from 0. */
  position: Type.Integer(),
  propertyId: Type.String(),
  /** The residence's address line; empty when the residence is gone. */
  location: Type.String(),
  outcome: JobItemOutcome,
  /** A failed item's code and Danish reason; null otherwise. */
  code: NullableJobItemFailure,
  message: Nullable(Type.String()),
  /** Finish jobs: the day the approval was asked to take effect (YYYY-MM-DD); null for copies. */
  validFrom: Nullable(Type.String()),
  /** The copy made, or the assessment to approve, as it is now; null when there is none. */
  assessment: Type.Union([AssessmentListEntry, Type.Null()]),
});
export type JobItem = Static<typeof JobItem>;

/** GET /api/v2/jobs/{jobId}/items: a page of a job's items, with the counts of the whole job. */
export const JobItemsPage = Type.Object({
  jobId: Type.String(),
  kind: JobKind,
  status: JobStatus,
  /** Every item of the job, by outcome. */
  counts: Type.Record(JobItemOutcome, Type.Integer()),
  /** Items that match the request's outcome filter; `items` holds those from `offset`. */
  total: Type.Integer(),
  offset: Type.Integer(),
  items: Type.Array(JobItem),
});
export type JobItemsPage = Static<typeof JobItemsPage>;

/** cancel's 409 JOB_ENDED: the error body with the state of the job that had already ended. */
export const JobEnded = Type.Object({
  message: Type.String(),
  code: Type.Literal('JOB_ENDED'),
  state: JobState,
});
export type JobEnded = Static<typeof JobEnded>;

/** The 429 JOB_QUEUE_FULL of a job call: the organization's waiting items and its cap. */
export const JobQueueFull = Type.Object({
  message: Type.String(),
  code: Type.Literal('JOB_QUEUE_FULL'),
  waiting: Type.Integer(),
  limit: Type.Integer(),
});
export type JobQueueFull = Static<typeof JobQueueFull>;
