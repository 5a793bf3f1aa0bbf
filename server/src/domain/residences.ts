import { sql, type Kysely } from 'kysely';
import { pickWinner } from '../../../shared/rules/duplicate-rule';
import { compareAddresses, locationText } from '../../../shared/rules/location';
import { NO_DATE } from '../../../shared/rules/statuses';
import type { AssessmentStatus, Database } from '../db/schema';
import type { PropertyRow, PropertySearchResult } from '../../../shared/contract/dto';

/** The columns of a residence the lists need, in the names of the API. */
export interface ResidenceFields {
  residenceId: string;
  streetName: string;
  streetNumber: string;
  floorNumber: string | null;
  doorCode: string | null;
  zipCode: string;
  town: string;
  departmentId: string;
  isConverted: boolean;
}

/** Select list for `residences as r` giving ResidenceFields. */
export const RESIDENCE_COLUMNS = [
  'r.id as residenceId',
  'r.street_name as streetName',
  'r.street_number as streetNumber',
  'r.floor_number as floorNumber',
  'r.door_code as doorCode',
  'r.zip_code as zipCode',
  'r.town as town',
  'r.department_id as departmentId',
  'r.is_converted as isConverted',
] as const;

/**
 * The location shown in every response (docs/product.md 3: street, number, floor, door code and zip
 * code; the town is left out there, and only searched).
 */
export const residenceLocation = (
  r: Pick<ResidenceFields, 'streetName' | 'streetNumber' | 'floorNumber' | 'doorCode' | 'zipCode'>,
): string =>
  locationText({
    streetName: r.streetName,
    streetNumber: r.streetNumber,
    floorNumber: r.floorNumber,
    doorCode: r.doorCode,
    zipCode: r.zipCode,
  });

/** Address order of docs/product.md 5, then the residence id so that the order is total. */
export function compareResidences(a: ResidenceFields, b: ResidenceFields): number {
  return (
    compareAddresses(a, b) || (a.residenceId < b.residenceId ? -1 : a.residenceId > b.residenceId ? 1 : 0)
  );
}

export const isoDate = (value: Date | string): string => new Date(value).toISOString();
export const isoOrNoDate = (value: Date | string | null): string =>
  value === null ? NO_DATE : isoDate(value);

export interface AssessmentSummary {
  id: string;
  residenceId: string;
  status: AssessmentStatus;
  isCalculated: boolean;
  /** ISO text, as read through JSON (assessmentsOfResidence). */
  futureApprovedDate: string | null;
  createdAt: string;
}

/** The winner of one residence's non-cancelled assessments under the duplicate rule (docs/product.md 4). */
export function winnerOf(
  assessments: readonly AssessmentSummary[],
  now: Date,
): AssessmentSummary | undefined {
  return pickWinner(
    assessments.map((a) => ({
      assessment: a,
      assessmentStatus: a.status,
      isCalculated: a.isCalculated,
      futureApprovedDate: isoOrNoDate(a.futureApprovedDate),
    })),
    now,
  )?.assessment;
}

/**
 * The non-cancelled assessments of `residences as r`, newest first, as one JSON column of the
 * residence's row (for winnerOf; `assessmentSummaries` reads it): the searches answer a page
 * in one statement instead of a second round trip for the assessments, which on PGlite costs
 * as much as the search itself. One aggregate of small arrays, sorted inside the aggregate, is
 * cheaper to plan, run and decode than a sorted subquery of JSON objects. As text, for the
 * search's statement (residence-search.ts), and as an expression for the query builder.
 */
export const ASSESSMENTS_OF_RESIDENCE_SQL = `(select json_agg(json_build_array(a.id, a.status,
    a.is_calculated, a.future_approved_date, a.created_at) order by a.created_at desc, a.id desc)
  from assessments a where a.residence_id = r.id and a.status <> 'cancelled')`;

/** One assessment as ASSESSMENTS_OF_RESIDENCE_SQL sends it: [id, status, isCalculated, futureApprovedDate, createdAt]. */
export type AssessmentTuple = [string, AssessmentStatus, boolean, string | null, string];

export const assessmentsOfResidence = sql.raw<AssessmentTuple[] | null>(ASSESSMENTS_OF_RESIDENCE_SQL);

/** The residence's assessments as assessmentsOfResidence sent them (null: none). */
export const assessmentSummaries = (
  residenceId: string,
  tuples: readonly AssessmentTuple[] | null,
): AssessmentSummary[] =>
  (tuples ?? []).map(([id, status, isCalculated, futureApprovedDate, createdAt]) => ({
    id,
    residenceId,
    status,
    isCalculated,
    futureApprovedDate,
    createdAt,
  }));

/** A search or nearby hit: the residence with the status of its winning assessment. */
export function toSearchResult(
  residence: ResidenceFields,
  winner: AssessmentSummary | undefined,
): PropertySearchResult {
  return {
    residenceId: residence.residenceId,
    streetName: residence.streetName,
    streetNumber: residence.streetNumber,
    floorNumber: residence.floorNumber,
    doorCode: residence.doorCode,
    zipCode: residence.zipCode,
    assessmentStatus: winner?.status ?? 'notStarted',
    isCalculated: winner?.isCalculated ?? false,
    futureApprovedDate: isoOrNoDate(winner?.futureApprovedDate ?? null),
    location: residenceLocation(residence),
  };
}

/**
 * A department's property list (docs/api.md "propertiesbydepartment"): one row per
 * non-cancelled assessment of each residence, one row for a residence without any, in address
 * order with a residence's newest assessment first. One query.
 */
export async function departmentPropertyRows(
  db: Kysely<Database>,
  departmentId: string,
): Promise<PropertyRow[]> {
  const rows = await db
    .selectFrom('residences as r')
    .leftJoin('assessments as a', (join) =>
      join.onRef('a.residence_id', '=', 'r.id').on('a.status', '!=', 'cancelled'),
    )
    .select([
      ...RESIDENCE_COLUMNS,
      'a.id as assessmentId',
      'a.status as status',
      'a.is_calculated as isCalculated',
      'a.future_approved_date as futureApprovedDate',
      'a.created_at as createdAt',
    ])
    .where('r.department_id', '=', departmentId)
    .execute();
  const newestFirst = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
    const ta = a.createdAt ? new Date(a.createdAt).getTime() : 0;
    const tb = b.createdAt ? new Date(b.createdAt).getTime() : 0;
    const [ia, ib] = [a.assessmentId ?? '', b.assessmentId ?? ''];
    return tb - ta || (ia === ib ? 0 : ib < ia ? -1 : 1);
  };
  rows.sort((a, b) => compareResidences(a, b) || newestFirst(a, b));
  return rows.map((row) => ({
    residenceId: row.residenceId,
    streetName: row.streetName,
    streetNumber: row.streetNumber,
    floorNumber: row.floorNumber,
    doorCode: row.doorCode,
    zipCode: row.zipCode,
    departmentId: row.departmentId,
    assessmentId: row.assessmentId,
    assessmentStatus: row.status ?? 'notStarted',
    isCalculated: row.isCalculated ?? false,
    isConverted: row.isConverted,
    futureApprovedDate: isoOrNoDate(row.futureApprovedDate),
    location: residenceLocation(row),
    createdAt: row.createdAt ? isoDate(row.createdAt) : null,
  }));
}
