import type { ColumnType, Generated } from 'kysely';

/** Kysely types of the tables created by the migrations in ./migrations. */

type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** A timestamp the database fills in unless given. */
type DefaultedTimestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export type Role = 'write' | 'read' | 'none';

/** Stored statuses; "calculated" is derived (draft with is_calculated), ARCHITECTURE section 3. */
export type AssessmentStatus = 'draft' | 'ready' | 'approved' | 'rejected' | 'cancelled';

export interface OrganizationTable {
  id: string;
  name: string;
}

export interface UserTable {
  id: string;
  user_name: string;
  display_name: string;
  /** Stored as given by the identity provider; compared lower-cased (spec section 6). */
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
  /** Scoring, screening and help of the question (QuestionDef, src/domain/catalogue.ts). */
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
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
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
  answered_at: DefaultedTimestamp;
}

export interface JobTable {
  id: string;
  kind: 'copy' | 'finish';
  user_id: string;
  organization_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  payload: ColumnType<unknown, string, string>;
  current_count: Generated<number>;
  max_count: number;
  error: string | null;
  created_at: DefaultedTimestamp;
  updated_at: DefaultedTimestamp;
}

/** Idempotency keys of syncanswer (migration 0002), per user. */
export interface SyncRequestTable {
  user_id: string;
  idempotency_key: string;
  /** sha256 (hex) of the request's answer fields. */
  request_hash: string;
  /** The response as first sent (JSON); null once older than the retention. */
  response: ColumnType<unknown, string | null | undefined, string | null>;
  created_at: DefaultedTimestamp;
}

export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  departments: DepartmentTable;
  residences: ResidenceTable;
  chapters: ChapterTable;
  questions: QuestionTable;
  question_options: QuestionOptionTable;
  assessments: AssessmentTable;
  answers: AnswerTable;
  jobs: JobTable;
  sync_requests: SyncRequestTable;
}
