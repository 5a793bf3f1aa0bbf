import type { KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedUser, forgetUsers } from '../../server/src/auth/user-cache';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import { DATABASES, startTestApp, type TestApp } from './helpers';

/**
 * The guard's memory of users (docs/performance.md "The API under load"): concurrent requests
 * share one read, and nothing is remembered that would hide a user or outlive a failed read.
 * How soon a changed role or membership takes effect is tested through the API in
 * api-core.test.ts.
 */
describe.each(DATABASES)('cachedUser on $name', ({ admin }) => {
  let t: TestApp;
  const skriver = DEMO_USERS[0]!;

  beforeAll(async () => {
    t = await startTestApp(admin);
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The app's database, counting its statements; a Kysely of its own, so a memory of its own. */
  const counted = (fail = 0) => {
    const counter = { statements: 0 };
    const plugin: KyselyPlugin = {
      transformQuery: ({ node }) => {
        counter.statements++;
        if (counter.statements <= fail) throw new Error('the database is away');
        return node;
      },
      transformResult: async ({ result }) => result,
    };
    return { db: t.app.db.withPlugin(plugin), counter };
  };

  it('reads a user once for concurrent requests and then serves the memory', async () => {
    const { db, counter } = counted();
    const users = await Promise.all(
      Array.from({ length: 8 }, () => cachedUser(db, skriver.id, skriver.ssoUuid)),
    );
    expect(counter.statements).toBe(1);
    expect(new Set(users).size).toBe(1);
    expect(users[0]).toMatchObject({ id: skriver.id, ssoUuid: skriver.ssoUuid, role: 'write' });
    expect(users[0]!.organizationIds).toHaveLength(1);
    await cachedUser(db, skriver.id, skriver.ssoUuid);
    expect(counter.statements).toBe(1);
    forgetUsers(db);
    await cachedUser(db, skriver.id, skriver.ssoUuid);
    expect(counter.statements).toBe(2);
  });

  it('needs the id and the sign-on id to match', async () => {
    const { db } = counted();
    expect(await cachedUser(db, skriver.id, DEMO_USERS[1]!.ssoUuid)).toBeUndefined();
    expect(await cachedUser(db, skriver.id, skriver.ssoUuid)).toMatchObject({ userName: skriver.userName });
  });

  it('does not remember an unknown user: one created a moment later is found at once', async () => {
    const { db, counter } = counted();
    const id = '10000000-0000-4000-8000-0000000000fe';
    const ssoUuid = '20000000-0000-4000-8000-0000000000fe';
    expect(await cachedUser(db, id, ssoUuid)).toBeUndefined();
    await t.app.db
      .insertInto('users')
      .values({
        id,
        user_name: 'ny',
        display_name: 'Ny Bruger',
        role: 'read',
        sso_uuid: ssoUuid,
        logout_url: null,
      })
      .execute();
    expect(await cachedUser(db, id, ssoUuid)).toMatchObject({ id, role: 'read', organizationIds: [] });
    expect(counter.statements).toBe(2);
  });

  it('does not keep a failed read', async () => {
    const { db, counter } = counted(1);
    await expect(cachedUser(db, skriver.id, skriver.ssoUuid)).rejects.toThrow('the database is away');
    expect(await cachedUser(db, skriver.id, skriver.ssoUuid)).toMatchObject({ id: skriver.id });
    expect(counter.statements).toBe(2);
  });
});
