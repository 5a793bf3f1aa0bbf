import type { Kysely } from 'kysely';
import type { FinishAssessmentsBody } from '../../../shared/contract/jobs';
import type { AuthUser } from '../auth/guard';
import { chunks } from '../db/chunks';
import type { Database } from '../db/schema';
import { badRequest, HttpError, notFound } from '../errors';
import { copenhagenDate, validFromDate } from './dates';
import { assertAllMember, singleOrganization, unique } from './request-checks';

/**
 * finishassessments before anything is queued (docs/api.md "finishassessments"): every item's
 * day, and every assessment approvable by the user now.
 */

/** One approval of the request, ids lower-cased, its day as YYYY-MM-DD. */
export interface FinishItem {
  assessmentId: string;
  propertyId: string;
  validFrom: string;
}

/**
 * The request's approvals, each assessment once: 400 for a day that is no date, or one before
 * today in Copenhagen (approve now sends today; an approval never starts on a day that has passed).
 */
export function finishItems(list: FinishAssessmentsBody['assessmentsToFinish'], now: Date): FinishItem[] {
  const today = copenhagenDate(now);
  return unique(list, (i) => i.assessmentId).map((i) => {
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
}

const notApprovable = (assessmentId: string, reason: string) =>
  new HttpError(409, `Assessment ${assessmentId} cannot be approved: ${reason}`, 'ASSESSMENT_NOT_APPROVABLE');

/**
 * The one organization of the approvals' assessments, once each may be approved: 403 for
 * another organization's (before anything about the rest), 404 for an unknown or cancelled one
 * or one not on its residence, 409 for one that is not a calculated draft or rejected one, 400
 * when they belong to more than one organization.
 */
export async function approvableOrganization(
  db: Kysely<Database>,
  user: AuthUser,
  items: readonly FinishItem[],
): Promise<string> {
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
  return singleOrganization([...rows.values()].map((r) => r.organization_id));
}
