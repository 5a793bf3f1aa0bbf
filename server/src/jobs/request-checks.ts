import { createHash } from 'node:crypto';
import type { AuthUser } from '../auth/guard';
import { badRequest, forbidden } from '../errors';
import { MAX_FAKE_JOB_ITEMS } from './queue';

/**
 * What finishassessments and copyassessments both check of a request before anything is queued
 * (docs/api.md "Jobs"), and the hash that ties an idempotency key to its request.
 */

/** sha256 of the request: a key reused for another request is a 409. */
export const requestHash = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value)).digest('hex');

/** Every id once, in first-seen order, lower-cased (the database answers uuids so). */
export function unique<T>(list: readonly T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return list.filter((item) => {
    const k = key(item).toLowerCase();
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * The spec's flag-fake_copy is for demonstrations: a fake job goes through every item like a real
 * one, and thousands of them would hold the queue for nothing (docs/api.md "Jobs", `isFakeJob`).
 */
export function assertFakeJobSize(isFake: boolean | undefined, count: number): void {
  if (isFake && count > MAX_FAKE_JOB_ITEMS)
    throw badRequest(`isFakeJob runs at most ${MAX_FAKE_JOB_ITEMS} items`);
}

export function assertAllMember(user: AuthUser, organizationIds: readonly string[]): void {
  for (const id of organizationIds) {
    if (!user.organizationIds.includes(id)) throw forbidden('Not a member of this organization');
  }
}

/** A job belongs to one organization: the items of one request must too. */
export function singleOrganization(organizationIds: readonly string[]): string {
  const distinct = [...new Set(organizationIds)];
  if (distinct.length !== 1)
    throw badRequest('All assessments of one request must belong to one organization');
  return distinct[0]!;
}
