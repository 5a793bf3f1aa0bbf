import type { Kysely } from 'kysely';
import { assertMember, type AuthUser } from '../auth/guard';
import type { Database } from '../db/schema';
import { notFound } from '../errors';

/**
 * Lookups that enforce who may see what (docs/architecture.md 4): an id that does not exist answers
 * 404; an id of an organization the user does not belong to answers 403 and none of its data.
 */

export async function findDepartment(db: Kysely<Database>, user: AuthUser, departmentId: string) {
  const department = await db
    .selectFrom('departments')
    .select(['id', 'organization_id', 'name'])
    .where('id', '=', departmentId)
    .executeTakeFirst();
  if (!department) throw notFound('Department not found');
  assertMember(user, department.organization_id);
  return department;
}

export async function findResidence(db: Kysely<Database>, user: AuthUser, residenceId: string) {
  const residence = await db
    .selectFrom('residences as r')
    .innerJoin('departments as d', 'd.id', 'r.department_id')
    .selectAll('r')
    .select('d.name as department_name')
    .where('r.id', '=', residenceId)
    .executeTakeFirst();
  if (!residence) throw notFound('Property not found');
  assertMember(user, residence.organization_id);
  return residence;
}

/** An assessment of the user's organizations; cancelled ones count as gone unless asked for. */
export async function findAssessment(
  db: Kysely<Database>,
  user: AuthUser,
  assessmentId: string,
  options: { includeCancelled?: boolean } = {},
) {
  const assessment = await db
    .selectFrom('assessments')
    .selectAll()
    .where('id', '=', assessmentId)
    .executeTakeFirst();
  if (!assessment) throw notFound('Assessment not found');
  assertMember(user, assessment.organization_id);
  if (assessment.status === 'cancelled' && !options.includeCancelled) throw notFound('Assessment not found');
  return assessment;
}
