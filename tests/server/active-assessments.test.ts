import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { progress } from '../../shared/rules/scoring';
import type { AnswerMap } from '../../shared/rules/screening';
import { ProgressCache } from '../../server/src/domain/progress-cache';
import { loadQuestions } from '../../server/src/domain/catalogue';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

describe('the progress cache', () => {
  it('answers only for the version it was given', () => {
    const cache = new ProgressCache();
    cache.set('a', 'v1', 0.5);
    expect(cache.get('a', 'v1')).toBe(0.5);
    expect(cache.get('a', 'v2')).toBeUndefined();
    cache.set('a', 'v2', 0.75);
    expect(cache.get('a', 'v1')).toBeUndefined();
    expect(cache.get('a', 'v2')).toBe(0.75);
  });

  it('forgets the least recently stored entry beyond its size', () => {
    const cache = new ProgressCache(2);
    cache.set('a', 'v', 0.1);
    cache.set('b', 'v', 0.2);
    cache.set('a', 'v', 0.3);
    cache.set('c', 'v', 0.4);
    expect(cache.size).toBe(2);
    expect(cache.get('b', 'v')).toBeUndefined();
    expect(cache.get('a', 'v')).toBe(0.3);
    expect(cache.get('c', 'v')).toBe(0.4);
  });
});

describe.each(DATABASES)('getactiveassessments progress on $name', ({ admin }) => {
  let t: TestApp;
  let token: string;
  let ownOrg: string;
  let questions: QuestionDef[];

  beforeAll(async () => {
    t = await startTestApp(admin);
    token = await demoToken(t.app, 'skriver');
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    questions = await loadQuestions(t.app.db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const active = async () => {
    const response = await get(`/api/v2/assessment/getactiveassessments?organizationId=${ownOrg}`);
    expect(response.statusCode).toBe(200);
    return response.json<Dto.AssessmentListEntry[]>();
  };
  /** Progress computed from the stored answers, as shared/rules/scoring.ts defines it. */
  const storedProgress = async (entry: Dto.AssessmentListEntry) => {
    const rows = await t.app.db
      .selectFrom('answers')
      .select(['question_unique_id', 'values', 'numeric_value'])
      .where('assessment_id', '=', entry.assessmentId)
      .execute();
    const answers: AnswerMap = new Map(
      rows.map((r) => [r.question_unique_id, { values: r.values, numericValue: r.numeric_value }]),
    );
    return progress(questions, answers, { converted: entry.converted });
  };

  it('answers the same progress from the cache as from the answers, for every entry', async () => {
    const first = await active();
    const second = await active();
    expect(second).toEqual(first);
    expect(second.length).toBeGreaterThan(50);
    for (const entry of second)
      expect(entry.progress, entry.assessmentId).toBeCloseTo(await storedProgress(entry), 10);
  });

  it('shows the new progress as soon as an answer is stored', async () => {
    const [free] = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 1 });
    const created = await get(`/api/v2/assessment/createnewassessment?propertyId=${free}`);
    expect(created.statusCode, created.body).toBe(200);
    const id = created.json<string>();
    const before = (await active()).find((e) => e.assessmentId === id)!;
    expect(before.progress).toBe(0);

    // A required screening question, answered with its first option.
    const question = questions.find(
      (q) => q.chapterId === 'screening' && !q.isOptional && q.type === 'single',
    )!;
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sync/syncanswer',
      headers: bearer(token),
      payload: {
        assessmentId: id,
        questionUniqueId: question.uniqueId,
        values: [question.options![0]!.answerId],
      },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    const after = (await active()).find((e) => e.assessmentId === id)!;
    expect(after.progress).toBeGreaterThan(0);
    expect(after.progress).toBeCloseTo(await storedProgress(after), 10);
  });

  it('names who created and who last changed each entry (the history extension), at once after a change', async () => {
    const ssoOf = async (userName: string) =>
      await t.app.db
        .selectFrom('users')
        .select(['sso_uuid', 'display_name'])
        .where('user_name', '=', userName)
        .executeTakeFirstOrThrow();
    const [skriver, flere] = [await ssoOf('skriver'), await ssoOf('flere')];
    const [free] = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 1 });
    const id = (await get(`/api/v2/assessment/createnewassessment?propertyId=${free}`)).json<string>();
    expect((await active()).find((e) => e.assessmentId === id)).toMatchObject({
      createdBy: skriver.sso_uuid,
      changedBy: skriver.sso_uuid,
      changedByName: skriver.display_name,
    });
    // Another writer of the organization answers it: the last changer is now they.
    const question = questions.find(
      (q) => q.chapterId === 'screening' && !q.isOptional && q.type === 'single',
    )!;
    const sync = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sync/syncanswer',
      headers: bearer(await demoToken(t.app, 'flere')),
      payload: {
        assessmentId: id,
        questionUniqueId: question.uniqueId,
        values: [question.options![0]!.answerId],
      },
    });
    expect(sync.statusCode, sync.body).toBe(200);
    const entry = (await active()).find((e) => e.assessmentId === id)!;
    expect(entry).toMatchObject({
      createdBy: skriver.sso_uuid,
      changedBy: flere.sso_uuid,
      changedByName: flere.display_name,
    });
    expect(Date.parse(entry.changedAt!)).toBeGreaterThan(Date.parse(entry.createdAt));
  });

  it('sends the kept list while nothing listed changes, with an ETag for 304, and a new one after any change', async () => {
    const url = `/api/v2/assessment/getactiveassessments?organizationId=${ownOrg}`;
    const first = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), 'accept-encoding': 'br' },
    });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    const etag = String(first.headers['etag']);
    const notModified = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.body).toBe('');
    const plain = await get(url);
    expect(plain.json()).toEqual(JSON.parse(brotliDecompressSync(first.rawPayload).toString('utf8')));

    // A residence's address, an assessment leaving the active statuses: each is seen at once.
    const [entry] = plain.json<Dto.AssessmentListEntry[]>();
    await t.app.db
      .updateTable('residences')
      .set({ street_name: 'Ændret Vej' })
      .where('id', '=', entry!.propertyId)
      .execute();
    const renamed = await active();
    expect(renamed.find((e) => e.assessmentId === entry!.assessmentId)!.location).toMatch(/^Ændret Vej /);
    const changed = await t.app.inject({
      method: 'GET',
      url,
      headers: { ...bearer(token), 'accept-encoding': 'br', 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    await t.app.db
      .updateTable('assessments')
      .set({ status: 'approved' })
      .where('id', '=', entry!.assessmentId)
      .execute();
    expect((await active()).some((e) => e.assessmentId === entry!.assessmentId)).toBe(false);
  });
});
