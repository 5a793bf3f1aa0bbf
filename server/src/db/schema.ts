import type { ColumnType, Generated } from 'kysely';
import type { JobItemFailureCode } from '../../../shared/contract/error-codes';

/** Kysely types of the tables created by the migrations in ./migrations. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in unless given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type Role = 'write' | 'read' | 'none';

/** Stored statuses; "calculated" is derived (draft with is_calculated), docs/architecture.md 3. */
export type AssessmentStatus = 'draft' | 'ready' | 'approved' | 'rejected' | 'cancelled';

export interface OrganizationTable {
  id: string;
  name: string;
}

export interface UserTable {
  id: string;
  user_name: string;
  display_name: string;
  /** Stored as given by the identity provider; compared lower-cased (docs/product.md 6). */
  role: string | null;
  sso_uuid: string;
  logout_url: string | null;
}

export interface MembershipTable {
  user_id: string;
  organization_id: string;
}

export interface DepartmentTable {
  id: string;
  organization_id: string;
  name: string;
  town: string;
}

export interface ResidenceTable {
  id: string;
  organization_id: string;
  department_id: string;
  street_name: string;
  street_number: string;
  floor_number: string | null;
  door_code: string | null;
  zip_code: string;
  town: string;
  latitude: number;
  longitude: number;
  is_converted: boolean;
  /** Position in the organization's address order (migration 0006); null until numbered. */
  address_order: ColumnType<number | null, number | null | undefined, number | null>;
}

/** A number per organization that moves with its residences' search keys (migration 0020). */
export interface SearchKeyVersionTable {
  organization_id: string;
  version: ColumnType<string, string | number, string | number>;
}

/** Organizations whose residences wait to be numbered in address order (migration 0006). */
export interface AddressOrderStaleTable {
  organization_id: string;
}

export interface ChapterTable {
  id: string;
  kind: 'screening' | 'evaluation';
  label: string;
  description: string;
  position: number;
}

export interface QuestionTable {
  unique_id: string;
  chapter_id: string;
  kind: 'screening' | 'evaluation';
  /** The three-digit id within its chapter kind, e.g. "001". */
  number: string;
  position: number;
  title: string;
  text: string;
  type: 'numeric' | 'single' | 'multiple';
  is_optional: boolean;
  relevant_to: string[];
  measurement_units: string | null;
  range_start: number | null;
  range_end: number | null;
  is_decimal: boolean;
  /** Scoring, screening and help of the question (QuestionDef, shared/rules/catalogue.ts). */
  definition: ColumnType<unknown, string, string>;
}

export interface QuestionOptionTable {
  answer_id: string;
  question_unique_id: string;
  label: string;
  position: number;
}

export interface AssessmentTable {
  id: string;
  organization_id: string;
  residence_id: string;
  status: AssessmentStatus;
  is_calculated: Generated<boolean>;
  converted: Generated<boolean>;
  screening_completed: Generated<boolean>;
  excluded_handicaps: Generated<string[]>;
  handicaps_for_evaluation: Generated<string[]>;
  valid_from: Timestamp | null;
  future_approved_date: Timestamp | null;
  source_assessment_id: string | null;
  last_answered_question_unique_id: string | null;
  created_by: string | null;
  /** Who changed it last (migration 0017). */
  changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  /** Who approved it (migration 0017); null unless approved. */
  approved_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** How a scored assessment fares per handicap group, per version of its row (migration 0018). */
export interface AssessmentLevelsTable {
  assessment_id: string;
  version: string;
  /** One word per handicap type, in HANDICAP_TYPES order. */
  levels: string[];
}

/** What happened to an assessment (migration 0017, docs/domain.md 5.6). */
export type AssessmentEventKind =
  'created' | 'copied' | 'unlocked' | 'answered' | 'calculated' | 'approved' | 'deleted' | 'replaced';

export interface AssessmentEventTable {
  id: Generated<string>;
  assessment_id: string;
  kind: AssessmentEventKind;
  actor_id: string | null;
  at: Timestamp;
  /** answered: the Copenhagen day the answers were given, and how many. */
  day: ColumnType<string | null, string | null | undefined, string | null>;
  count: number | null;
  /** copied and unlocked: the assessment whose answers were taken. */
  source_assessment_id: string | null;
  /** Done by a job (copied, approved, replaced). */
  job_id: string | null;
  /** approved: the day it takes effect. */
  valid_from: Timestamp | null;
}

export interface AnswerTable {
  assessment_id: string;
  question_unique_id: string;
  /** Selected answer ids (single and multiple choice). */
  values: Generated<string[]>;
  numeric_value: number | null;
  comment: string | null;
  /** Copied from another assessment and not yet confirmed in this one. */
  preselected: Generated<boolean>;
  answered_by: string | null;
  /** When it was given, as its device said (syncanswer `answeredAt`, migration 0011). */
  answered_at: DefaultedTimestamp;
}

export type JobKind = 'copy' | 'finish';
/** dto.ts JobStatus. */
export type JobStatus = 'queued' | 'running' | 'succeeded' | 'partlyFailed' | 'failed' | 'cancelled';
export type JobItemStatus = 'pending' | 'done' | 'failed' | 'skipped' | 'cancelled';

/** A copy or finish job (migration 0003, docs/architecture.md 4 "Jobs"). */
export interface JobTable {
  id: string;
  kind: JobKind;
  user_id: string;
  organization_id: string;
  status: JobStatus;
  /** flag-fake_copy: the same items, counts and events, no domain writes. */
  is_fake: Generated<boolean>;
  source_assessment_id: string | null;
  idempotency_key: string | null;
  /** sha256 (hex) of the request; a key reused for another request is a 409. */
  request_hash: string | null;
  run_after: DefaultedTimestamp;
  /** How many times a worker has claimed the job. */
  attempts: Generated<number>;
  lease_owner: string | null;
  locked_until: Timestamp | null;
  /** Items processed, failed ones included; the job is complete at current_count = max_count. */
  current_count: Generated<number>;
  max_count: number;
  error_count: Generated<number>;
  /** The last unexpected error (for operators), never shown to users. */
  last_error: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
  finished_at: Timestamp | null;
  /** When a worker last took the job (the fair claim, queue.ts claimJob); null before its first turn. */
  last_turn_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One target of a job, in request order. */
export interface JobItemTable {
  job_id: string;
  position: number;
  property_id: string;
  assessment_id: string | null;
  /** Finish: YYYY-MM-DD, a Copenhagen calendar date. */
  valid_from: string | null;
  status: ColumnType<JobItemStatus, JobItemStatus | undefined, JobItemStatus>;
  result_id: string | null;
  /** shared/contract/error-codes.ts JOB_ITEM_FAILURE_CODES; null unless failed. */
  error_code: JobItemFailureCode | null;
  error_message: string | null;
  updated_at: DefaultedTimestamp;
}

/** Idempotency keys of syncanswer (migration 0002), per user; no responses since migration 0009. */
export interface SyncRequestTable {
  user_id: string;
  idempotency_key: string;
  /** sha256 (hex) of the request's answer fields. */
  request_hash: string;
  created_at: DefaultedTimestamp;
}

/** A photo of a residence or of an assessment's question (migration 0019). */
export interface PhotoTable {
  id: string;
  organization_id: string;
  residence_id: string;
  assessment_id: string | null;
  question_unique_id: string | null;
  /** image/jpeg, image/png or image/webp, by the bytes' magic number. */
  content_type: string;
  size: ColumnType<number, number | undefined, number>;
  /** sha256 (hex) of the bytes; null until complete. */
  sha256: string | null;
  taken_at: Date | null;
  created_by: string;
  idempotency_key: string;
  complete: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: DefaultedTimestamp;
}

/** A photo's bytes, 256 KB a row, in order (migration 0019). */
export interface PhotoChunkTable {
  photo_id: string;
  seq: number;
  data: Buffer;
}

/** One sign-in (migration 0012): its id is every token's `sid`; logout sets `revoked_at`. */
export interface SessionTable {
  id: string;
  user_id: string;
  created_at: DefaultedTimestamp;
  revoked_at: Date | null;
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  departments: DepartmentTable;
  residences: ResidenceTable;
  address_order_stale: AddressOrderStaleTable;
  search_key_versions: SearchKeyVersionTable;
  chapters: ChapterTable;
  questions: QuestionTable;
  question_options: QuestionOptionTable;
  assessments: AssessmentTable;
  assessment_events: AssessmentEventTable;
  assessment_levels: AssessmentLevelsTable;
  answers: AnswerTable;
  jobs: JobTable;
  job_items: JobItemTable;
  sync_requests: SyncRequestTable;
  sessions: SessionTable;
  photos: PhotoTable;
  photo_chunks: PhotoChunkTable;
}
