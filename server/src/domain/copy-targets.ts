import type { Kysely } from 'kysely';
import type { CopyTargetRow } from '../../../shared/contract/copy-targets';
import type { Database } from '../db/schema';
import { HttpError } from '../errors';
import {
  compareResidences,
  departmentPropertyRows,
  RESIDENCE_COLUMNS,
  residenceLocation,
  type ResidenceFields,
} from './residences';
import { chunks } from '../db/chunks';

/**
 * Where a copy may go (docs/api.md "copytargets"; docs/product.md 4 "Bulk mode": in copying
 * mode the source and every residence with a ready assessment cannot be targets). A ready
 * assessment waits for the organization's review and is never overwritten (docs/domain.md 5.3);
 * the source's own residence would lose the source to the overwrite. Converted residences may be
 * targets: the copy follows the residence and skips screening, as createnewassessment does.
 */
export type NotCopyableReason = 'source' | 'ready';

export function notCopyableReason(
  residenceId: string,
  sourceResidenceId: string,
  hasReadyAssessment: boolean,
): NotCopyableReason | null {
  if (residenceId === sourceResidenceId) return 'source';
  if (hasReadyAssessment) return 'ready';
  return null;
}

/**
 * The copytargets list: every row of the source residence's department as
 * propertiesbydepartment lists it, each with whether a copy of the source may go there.
 */
export async function copyTargetRows(
  db: Kysely<Database>,
  sourceResidenceId: string,
): Promise<CopyTargetRow[]> {
  const { department_id } = await db
    .selectFrom('residences')
    .select('department_id')
    .where('id', '=', sourceResidenceId)
    .executeTakeFirstOrThrow();
  const rows = await departmentPropertyRows(db, department_id);
  const withReady = new Set(rows.filter((r) => r.assessmentStatus === 'ready').map((r) => r.residenceId));
  return rows.map((row) => {
    const reason = notCopyableReason(row.residenceId, sourceResidenceId, withReady.has(row.residenceId));
    return { ...row, copyable: reason === null, notCopyableReason: reason };
  });
}

/** The residences among `residenceIds` with a ready assessment, in address order. */
export async function residencesWithReady(
  db: Kysely<Database>,
  residenceIds: readonly string[],
): Promise<ResidenceFields[]> {
  const found: ResidenceFields[] = [];
  for (const ids of chunks(residenceIds)) {
    const rows = await db
      .selectFrom('residences as r')
      .select(RESIDENCE_COLUMNS)
      .where('r.id', 'in', ids)
      .where(({ exists, selectFrom }) =>
        exists(
          selectFrom('assessments as a')
            .select('a.id')
            .whereRef('a.residence_id', '=', 'r.id')
            .where('a.status', '=', 'ready'),
        ),
      )
      .execute();
    found.push(...rows);
  }
  return found.sort(compareResidences);
}

/** Addresses named in a refusal; the rest are counted. */
const NAMED = 3;

/** 409 TARGET_READY, in Danish: the app shows the server's message (docs/product.md 8). */
export function targetReadyConflict(ready: readonly ResidenceFields[]): HttpError {
  const named = ready.slice(0, NAMED).map(residenceLocation);
  const message =
    ready.length === 1
      ? `Boligen ${named[0]} har en vurdering, der afventer godkendelse, og kan ikke overskrives.`
      : `${ready.length} af boligerne har en vurdering, der afventer godkendelse, og kan ikke overskrives: ` +
        named.join('; ') +
        (ready.length > NAMED ? ` og ${ready.length - NAMED} flere.` : '.');
  return new HttpError(409, message, 'TARGET_READY');
}

export const targetIsSource = () =>
  new HttpError(400, 'Boligen, der kopieres fra, kan ikke selv modtage kopien.', 'TARGET_IS_SOURCE');
