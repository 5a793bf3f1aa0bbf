import { sql, type Kysely } from 'kysely';
import { parseFutureDate } from '../../../shared/rules/statuses';
import { setBounded } from '../bounded-map';
import type { BatchedLookup } from '../db/batched-lookup';
import { createVersionLookup } from '../db/version-lookup';
import type { Database } from '../db/schema';
import type { DepartmentListVersionsTable } from './department-list-cache';
import type { AssessmentSummary } from './residences';

/**
 * A search's pages as they go on the wire, kept per organization, search key, page and size at
 * the version of what they show (docs/performance.md "A search page is kept per version").
 * A page cost a statement of some 0.5 ms of the database (half of it planning) and the
 * decoding, serializing and compressing of its hits: a search was a tenth of what the same
 * server answers for a department's list, and the same words are searched again and again.
 *
 * What a page shows moves with two versions the database keeps by triggers in the writing
 * transaction:
 * - the organization's `search_key_versions` (migration 0020): a residence added, deleted,
 *   moved to another organization, or its search key changed (the town is in it). That is
 *   every change of which residences a key finds, and every change that leaves the
 *   organization's address order to be numbered again (migration 0006);
 * - the highest `department_list_versions` of its departments (migration 0005): a field of a
 *   residence or of an assessment that the list shows changed, and the page shows no other
 *   (the winner is picked from status, calculation, future date and creation, in that list).
 *   Every version is a new number of one sequence, so a move in any department raises the
 *   organization's highest; a department that leaves or joins it takes its residences along,
 *   which moves the search keys' version.
 *
 * A page also depends on the time: an approval with a future date stops counting as one when
 * that date comes (shared/rules/duplicate-rule.ts), so a page holds until the earliest such date
 * among its hits (pageExpiry).
 */

/** Room for tens of thousands of pages (a page of 15 hits is some 4 KB in its three codings). */
export const SEARCH_PAGE_CACHE_BYTES = 32 * 1024 * 1024;

/** Organizations whose versions the embedded database's process keeps at most. */
const KEPT_VERSIONS = 10_000;

/** The version of an organization's search pages, read in batches per app. */
export type SearchPageVersions = BatchedLookup<string>;

/**
 * On a PostgreSQL server read in batches (db/batched-lookup.ts): a request is answered by a
 * read that started after it came, so a page never comes from before a write that was answered
 * before the search was sent. On the embedded database kept in memory until a notice says a
 * version moved (db/noticed-lookup.ts, migrations 0021 and 0022).
 */
export function createSearchPageVersions(db: Kysely<Database>): SearchPageVersions {
  return createVersionLookup(
    db,
    async (ids) => {
      const rows = await db
        .withTables<DepartmentListVersionsTable>()
        .selectFrom('organizations as o')
        .select([
          'o.id',
          sql<string | null>`(select k.version::text from search_key_versions k
          where k.organization_id = o.id)`.as('keys'),
          sql<string | null>`(select max(v.version)::text from departments d
          join department_list_versions v on v.department_id = d.id where d.organization_id = o.id)`.as(
            'lists',
          ),
        ])
        .where('o.id', 'in', ids)
        .execute();
      // Never moved: 0.
      return new Map(rows.map((row) => [row.id, `${row.keys ?? 0}.${row.lists ?? 0}`]));
    },
    KEPT_VERSIONS,
  );
}

/** Pages whose second ask the process waits for at most. */
const ASKED_ONCE = 100_000;

/**
 * Whether a page is asked for the first time (in this process, as far as it remembers). A page
 * is kept from its second ask on: most searches are asked once, and keeping one costs more
 * than answering it (its version read, and three compressions in place of one; a first ask cost
 * a third more with every page kept, docs/performance.md "A search page is kept per version").
 */
export function createFirstAsks(): (pageKey: string) => boolean {
  const asked = new Map<string, true>();
  return (pageKey) => {
    if (asked.has(pageKey)) return false;
    setBounded(asked, pageKey, true, ASKED_ONCE);
    return true;
  };
}

/** The key of a page in the cache: the key goes last, as it is the only part with spaces. */
export const searchPageKey = (organizationId: string, page: number, size: number, key: string): string =>
  `${organizationId} ${page} ${size} ${key}`;

/**
 * When a page built at `now` stops holding: the earliest future approval date among its hits'
 * assessments that is still to come (epoch milliseconds), or never. Any assessment's date
 * counts, winner or not: at that date its rank may change (duplicate-rule.ts).
 */
export function pageExpiry(
  hits: readonly { assessments: readonly Pick<AssessmentSummary, 'futureApprovedDate'>[] }[],
  now: Date,
): number {
  let earliest = Number.POSITIVE_INFINITY;
  for (const hit of hits) {
    for (const assessment of hit.assessments) {
      const at = parseFutureDate(assessment.futureApprovedDate)?.getTime();
      if (at !== undefined && at > now.getTime() && at < earliest) earliest = at;
    }
  }
  return earliest;
}
