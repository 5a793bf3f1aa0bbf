import type { Kysely } from 'kysely';
import type { Department } from '../../../shared/contract/properties';
import { compareNames } from '../../../shared/rules/location';
import type { Database } from '../db/schema';

/** availabledepartments: the organization's departments with their residences counted, by name. */
export async function departmentsOf(db: Kysely<Database>, organizationId: string): Promise<Department[]> {
  const rows = await db
    .selectFrom('departments as d')
    .leftJoin('residences as r', 'r.department_id', 'd.id')
    .select(['d.id', 'd.name', (eb) => eb.fn.count<number>('r.id').as('count')])
    .where('d.organization_id', '=', organizationId)
    .groupBy(['d.id', 'd.name'])
    .execute();
  return rows
    .map((d) => ({ departmentId: d.id, departmentName: d.name, propertiesCount: Number(d.count) }))
    .sort((a, b) => compareNames(a.departmentName, b.departmentName));
}
