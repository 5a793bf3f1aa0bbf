import { sql, type Kysely } from 'kysely';

/**
 * A residence's organization is its department's, and an assessment's is its residence's
 * (docs/architecture.md 4, "Authorization on the server"): the access rules check a row's
 * `organization_id`, so a bad import that gave a residence another organization than its
 * department's would show it to the wrong members. Composite foreign keys make the database
 * refuse such a row; the unique constraints they need cost one index each on ids that are unique
 * already.
 */
// Migrations take Kysely<any>: they describe the schema before the types know it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`alter table departments add constraint departments_id_organization_key unique (id, organization_id)`.execute(
    db,
  );
  await sql`alter table residences add constraint residences_id_organization_key unique (id, organization_id)`.execute(
    db,
  );
  await sql`alter table residences add constraint residences_department_organization_fkey
    foreign key (department_id, organization_id) references departments (id, organization_id)`.execute(db);
  await sql`alter table assessments add constraint assessments_residence_organization_fkey
    foreign key (residence_id, organization_id) references residences (id, organization_id)`.execute(db);
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table assessments drop constraint assessments_residence_organization_fkey`.execute(db);
  await sql`alter table residences drop constraint residences_department_organization_fkey`.execute(db);
  await sql`alter table residences drop constraint residences_id_organization_key`.execute(db);
  await sql`alter table departments drop constraint departments_id_organization_key`.execute(db);
}
