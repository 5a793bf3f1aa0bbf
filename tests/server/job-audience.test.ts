import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_MEMO_MS, createJobAudience } from '../../server/src/hub/job-audience';
import { organizationsOf, startTestApp, type TestApp } from './helpers';

/*
 * Live job progress goes only to a user who may still see the job's organization
 * (docs/architecture.md "Sessions and revocation"). The audience reads the role and the memberships
 * again, at most AUDIENCE_MEMO_MS old.
 */
describe('the audience of job progress', () => {
  let t: TestApp;
  let userId: string;
  let organizationId: string;

  beforeAll(async () => {
    t = await startTestApp(null);
    userId = (
      await t.app.db
        .selectFrom('users')
        .select('id')
        .where('user_name', '=', 'skriver')
        .executeTakeFirstOrThrow()
    ).id;
    organizationId = (await organizationsOf(t.app.db, 'skriver'))[0]!;
  });
  afterAll(() => t?.close());

  it('hears while a member with a role, and stops within the memo after losing the role or the membership', async () => {
    let now = 0;
    const audience = createJobAudience(t.app.db, () => now);
    expect(await audience(userId, organizationId)).toBe(true);
    expect(await audience(userId, '00000000-0000-4000-8000-000000000000')).toBe(false);
    expect(await audience('00000000-0000-4000-8000-000000000001', organizationId)).toBe(false);

    await t.app.db.updateTable('users').set({ role: ' None ' }).where('id', '=', userId).execute();
    expect(await audience(userId, organizationId)).toBe(true); // the memo still holds
    now += AUDIENCE_MEMO_MS;
    expect(await audience(userId, organizationId)).toBe(false);

    await t.app.db.updateTable('users').set({ role: 'READ' }).where('id', '=', userId).execute();
    now += AUDIENCE_MEMO_MS;
    expect(await audience(userId, organizationId)).toBe(true);

    await t.app.db
      .deleteFrom('memberships')
      .where('user_id', '=', userId)
      .where('organization_id', '=', organizationId)
      .execute();
    now += AUDIENCE_MEMO_MS;
    expect(await audience(userId, organizationId)).toBe(false);

    await t.app.db
      .insertInto('memberships')
      .values({ user_id: userId, organization_id: organizationId })
      .execute();
    await t.app.db.updateTable('users').set({ role: 'write' }).where('id', '=', userId).execute();
  });
});
