import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './helpers';

/**
 * The access rules check a row's organization (docs/architecture.md 4, "Authorization on the
 * server"), so the database itself refuses a residence of another organization than its
 * department's, and an assessment of another than its residence's (migration 0013): a bad import
 * cannot show one organization's residences to another's members.
 */
describe('a row’s organization follows its department', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(null);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** A residence of the demo data, and an organization that is not its own. */
  async function residenceAndAnotherOrganization() {
    const residence = await t.app.db
      .selectFrom('residences')
      .select(['id', 'organization_id', 'department_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const other = await t.app.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '!=', residence.organization_id)
      .limit(1)
      .executeTakeFirstOrThrow();
    return { residence, other: other.id };
  }

  it('refuses a residence whose organization is not its department’s', async () => {
    const { residence, other } = await residenceAndAnotherOrganization();
    await expect(
      sql`update residences set organization_id = ${other} where id = ${residence.id}`.execute(t.app.db),
    ).rejects.toThrow(/foreign key|violates/i);
  });

  it('refuses an assessment whose organization is not its residence’s', async () => {
    const assessment = await t.app.db
      .selectFrom('assessments')
      .select(['id', 'organization_id'])
      .limit(1)
      .executeTakeFirstOrThrow();
    const other = await t.app.db
      .selectFrom('organizations')
      .select('id')
      .where('id', '!=', assessment.organization_id)
      .limit(1)
      .executeTakeFirstOrThrow();
    await expect(
      sql`update assessments set organization_id = ${other.id} where id = ${assessment.id}`.execute(t.app.db),
    ).rejects.toThrow(/foreign key|violates/i);
  });
});
