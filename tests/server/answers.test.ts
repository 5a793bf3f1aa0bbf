import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMigrator, migrateToLatest } from '../../server/src/db/migrate';
import { forgetCatalogue, type AssessmentDetails } from '../../server/src/domain/answers';
import { QUESTIONS } from '../../server/src/db/seed/catalogue';
import type { Question } from '../../shared/rules/answer-validation';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { SCREENED_HANDICAPS } from '../../shared/rules/handicaps';
import { isCalculated, isHiddenQuestion, type AnswerValue } from '../../shared/rules/screening';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

const USERS = ['skriver', 'laeser', 'flere', 'uden-org'] as const;
type User = (typeof USERS)[number];
type Response = Awaited<ReturnType<TestApp['app']['inject']>>;

const UNKNOWN_ID = '30000000-0000-4000-8000-0000ffffffff';
const screening = QUESTIONS.filter((q) => q.chapterId === 'screening');
const evaluation = QUESTIONS.filter((q) => q.chapterId !== 'screening');
const def = (uniqueId: string) => QUESTIONS.find((q) => q.uniqueId === uniqueId)!;

/** A valid answer that excludes nothing: the largest number, or the first option without exclusions. */
function neutralAnswer(q: QuestionDef): { numericValue: number } | { values: string[] } {
  if (q.type === 'numeric') return { numericValue: q.rangeEnd! };
  const option = q.options!.find((o) => !o.excludes?.length && !o.exclusive)!;
  return { values: [option.answerId] };
}

describe.each(DATABASES)('question and answer endpoints on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  const userIds = {} as Record<User, string>;
  let ownOrg: string;
  /** An approved assessment of ownOrg (not converted). */
  let approved: { id: string; residenceId: string };
  /** An approved assessment of another organization (flere belongs to it, skriver not). */
  let foreign: { id: string; residenceId: string };
  /** A residence of ownOrg without any assessment. */
  let freeResidence: string;
  let convertedResidence: string;

  const inject = (
    user: User | null,
    method: 'GET' | 'POST',
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    t.app.inject({
      method,
      url,
      headers: { ...(user ? bearer(tokens[user]) : {}), ...headers },
      payload: payload as never,
    });
  const get = (user: User | null, url: string) => inject(user, 'GET', url);
  const sync = (user: User | null, body: unknown, key?: string) =>
    inject(
      user,
      'POST',
      '/api/v2/sync/syncanswer',
      body,
      key === undefined ? {} : { 'idempotency-key': key },
    );
  const syncOk = async (user: User, body: Record<string, unknown>, key?: string) => {
    const response = await sync(user, body, key);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Question[]>();
  };
  const getAssessment = (user: User | null, assessmentId: string, propertyId: string) =>
    get(user, `/api/v2/assessment/getassessment?assessmentId=${assessmentId}&propertyId=${propertyId}`);
  const details = async (assessmentId: string, propertyId: string) => {
    const response = await getAssessment('skriver', assessmentId, propertyId);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<AssessmentDetails>();
  };
  const questionsOf = (user: User | null, assessmentId: string) =>
    get(user, `/api/v2/questions?assessmentId=${assessmentId}`);
  const hiddenSync = (user: User | null, assessmentId: string) =>
    get(user, `/api/v2/assessment/synchiddenquestions?assessmentId=${assessmentId}`);

  const answersOf = (assessmentId: string) =>
    t.app.db
      .selectFrom('answers')
      .selectAll()
      .where('assessment_id', '=', assessmentId)
      .orderBy('question_unique_id')
      .execute();
  const answerOf = (assessmentId: string, questionId: string) =>
    t.app.db
      .selectFrom('answers')
      .selectAll()
      .where('assessment_id', '=', assessmentId)
      .where('question_unique_id', '=', questionId)
      .executeTakeFirst();
  const answerMap = async (assessmentId: string) =>
    new Map<string, AnswerValue>(
      (await answersOf(assessmentId)).map((a) => [
        a.question_unique_id,
        { values: a.values, numericValue: a.numeric_value },
      ]),
    );
  const assessmentRow = (id: string) =>
    t.app.db.selectFrom('assessments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  /** Everything a refused request must leave as it was. */
  const snapshot = async (assessmentId: string) => ({
    answers: await answersOf(assessmentId),
    assessment: await assessmentRow(assessmentId),
    keys: await t.app.db.selectFrom('sync_requests').selectAll().orderBy('idempotency_key').execute(),
  });
  const createDraft = async (propertyId = freeResidence, source?: string) => {
    const query = `propertyId=${propertyId}${source ? `&sourceAssessmentIdToCopyFrom=${source}` : ''}`;
    const response = await get('skriver', `/api/v2/assessment/createnewassessment?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<string>();
  };

  /** A new draft with every required screening question answered, excluding nothing: evaluation is open. */
  const screenedDraft = async (propertyId = freeResidence) => {
    const id = await createDraft(propertyId);
    for (const q of screening.filter((s) => !s.isOptional)) {
      await syncOk('skriver', { assessmentId: id, questionUniqueId: q.uniqueId, ...neutralAnswer(q) });
    }
    return id;
  };

  const expectError = (response: Response, status: number) => {
    expect(response.statusCode, response.body).toBe(status);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    const body = response.json<Record<string, unknown>>();
    // Only the error: never any data of the assessment.
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    expect(body.message).toEqual(expect.any(String));
    return body as { code: string; message: string };
  };

  beforeAll(async () => {
    t = await startTestApp(admin);
    const db = t.app.db;
    for (const user of USERS) tokens[user] = await demoToken(t.app, user);
    for (const row of await db.selectFrom('users').select(['id', 'user_name']).execute()) {
      userIds[row.user_name as User] = row.id;
    }
    ownOrg = (await organizationsOf(db, 'skriver'))[0]!;
    const otherOrg = (await organizationsOf(db, 'flere')).find((id) => id !== ownOrg)!;
    const approvedOf = async (org: string) => {
      const row = await db
        .selectFrom('assessments')
        .select(['id', 'residence_id'])
        .where('organization_id', '=', org)
        .where('status', '=', 'approved')
        .where('future_approved_date', 'is', null)
        .where('converted', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, residenceId: row.residence_id };
    };
    approved = await approvedOf(ownOrg);
    foreign = await approvedOf(otherOrg);
    freeResidence = (await residencesWithoutAssessment(db, ownOrg, { limit: 1 }))[0]!;
    convertedResidence = (
      await db
        .selectFrom('residences')
        .select('id')
        .where('organization_id', '=', ownOrg)
        .where('is_converted', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('GET /api/v2/assessment/getassessment', () => {
    it('answers the assessment details to write and read users', async () => {
      const row = await assessmentRow(approved.id);
      const expected: AssessmentDetails = {
        assessmentId: approved.id,
        propertyId: approved.residenceId,
        assessmentStatus: 'approved',
        isCalculated: row.is_calculated,
        converted: false,
        screeningCompleted: row.screening_completed,
        excludedHandicaps: row.excluded_handicaps,
        handicapsForEvaluation: row.handicaps_for_evaluation,
        validFrom: new Date(row.valid_from!).toISOString(),
        lastAnsweredQuestionUniqueId: row.last_answered_question_unique_id,
      };
      for (const user of ['skriver', 'laeser', 'flere'] as const) {
        const response = await getAssessment(user, approved.id, approved.residenceId);
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual(expected);
        expect(typeof response.headers['set-authorization']).toBe('string');
      }
      // Upper-case ids are the same ids.
      const upper = await getAssessment(
        'skriver',
        approved.id.toUpperCase(),
        approved.residenceId.toUpperCase(),
      );
      expect(upper.json()).toEqual(expected);
    });

    it('answers a new draft with no validFrom and every screened type left for evaluation', async () => {
      const id = await createDraft();
      expect(await details(id, freeResidence)).toEqual({
        assessmentId: id,
        propertyId: freeResidence,
        assessmentStatus: 'draft',
        isCalculated: false,
        converted: false,
        screeningCompleted: false,
        excludedHandicaps: [],
        handicapsForEvaluation: [...SCREENED_HANDICAPS],
        validFrom: null,
        lastAnsweredQuestionUniqueId: null,
      });
    });

    it('404s a pair that does not match, unknown and cancelled assessments', async () => {
      expectError(await getAssessment('skriver', approved.id, freeResidence), 404);
      expectError(await getAssessment('skriver', UNKNOWN_ID, approved.residenceId), 404);
      const cancelled = await createDraft();
      await t.app.db
        .updateTable('assessments')
        .set({ status: 'cancelled' })
        .where('id', '=', cancelled)
        .execute();
      expectError(await getAssessment('skriver', cancelled, freeResidence), 404);
    });

    it('refuses users of other organizations without data, and malformed input with 400', async () => {
      expectError(await getAssessment('skriver', foreign.id, foreign.residenceId), 403);
      expectError(await getAssessment('laeser', foreign.id, foreign.residenceId), 403);
      expectError(await getAssessment('uden-org', approved.id, approved.residenceId), 403);
      expect((await getAssessment('flere', foreign.id, foreign.residenceId)).statusCode).toBe(200);
      expect((await getAssessment(null, approved.id, approved.residenceId)).statusCode).toBe(401);
      expectError(await getAssessment('skriver', 'abc', approved.residenceId), 400);
      expectError(await getAssessment('skriver', approved.id, '12'), 400);
      expectError(await get('skriver', `/api/v2/assessment/getassessment?assessmentId=${approved.id}`), 400);
      expectError(
        await get('skriver', `/api/v2/assessment/getassessment?propertyId=${approved.residenceId}`),
        400,
      );
      expectError(await getAssessment('skriver', '0'.repeat(50_000), approved.residenceId), 400);
    });
  });

  describe('GET /api/v2/questions', () => {
    it('lists the catalogue in order with the answers of the assessment', async () => {
      const response = await questionsOf('skriver', approved.id);
      expect(response.statusCode).toBe(200);
      const questions = response.json<Question[]>();
      expect(questions.map((q) => q.uniqueId)).toEqual(QUESTIONS.map((q) => q.uniqueId));
      const numbers = { screening: 0, evaluation: 0 };
      const answers = new Map((await answersOf(approved.id)).map((a) => [a.question_unique_id, a]));
      const excluded = (await assessmentRow(approved.id)).excluded_handicaps;
      for (const [index, q] of questions.entries()) {
        const source = QUESTIONS[index]!;
        const kind = source.chapterId === 'screening' ? 'screening' : 'evaluation';
        expect(q.id).toBe(String(++numbers[kind]).padStart(3, '0'));
        expect(q).toMatchObject({
          title: source.title,
          question: source.text,
          type: source.type,
          isOptional: source.isOptional,
          chapterKind: kind,
          relevantTo: source.relevantTo,
          isPreselected: false,
          isHidden: isHiddenQuestion(source, excluded as never),
        });
        expect(q.chapter.id).toBe(source.chapterId);
        expect(q.chapter.label).toEqual(expect.any(String));
        const answer = answers.get(q.uniqueId);
        expect(q.comment).toBe(answer?.comment ?? null);
        if (source.type === 'numeric') {
          expect(q.numericQuestionSettings).toEqual({
            measurementUnits: source.measurementUnits,
            rangeStart: source.rangeStart,
            rangeEnd: source.rangeEnd,
            isDecimal: source.isDecimal ?? false,
          });
          expect(q.numericQuestionValue).toBe(answer?.numeric_value ?? null);
          expect(q.options).toEqual([]);
        } else {
          expect(q.numericQuestionSettings).toBeNull();
          expect(q.numericQuestionValue).toBeNull();
          expect(q.options).toEqual(
            source.options!.map((o) => ({
              answerId: o.answerId,
              label: o.label,
              isSelected: answer?.values.includes(o.answerId) ?? false,
              exclusive: o.exclusive ?? false,
            })),
          );
        }
        expect(Object.keys(q).sort()).toEqual(
          [
            'id',
            'uniqueId',
            'title',
            'question',
            'type',
            'isOptional',
            'isHidden',
            'isPreselected',
            'comment',
            'chapter',
            'chapterKind',
            'numericQuestionValue',
            'numericQuestionSettings',
            'options',
            'relevantTo',
          ].sort(),
        );
      }
      expect(questions[0]).toMatchObject({ id: '001', chapter: { id: 'screening', label: 'Screening' } });
      expect(questions.some((q) => q.options.some((o) => o.isSelected))).toBe(true);
      expect((await questionsOf('laeser', approved.id)).json()).toEqual(questions);
    });

    it('marks copied answers as preselected', async () => {
      const copy = await createDraft(approved.residenceId, approved.id);
      const questions = (await questionsOf('skriver', copy)).json<Question[]>();
      const copied = new Set((await answersOf(approved.id)).map((a) => a.question_unique_id));
      for (const q of questions) expect(q.isPreselected, q.uniqueId).toBe(copied.has(q.uniqueId));
      await t.app.db.updateTable('assessments').set({ status: 'cancelled' }).where('id', '=', copy).execute();
    });

    it('lists the screening questions of converted assessments too, with nothing hidden', async () => {
      const id = await createDraft(convertedResidence);
      const questions = (await questionsOf('skriver', id)).json<Question[]>();
      expect(questions.filter((q) => q.chapterKind === 'screening')).toHaveLength(screening.length);
      expect(questions.some((q) => q.isHidden)).toBe(false);
      expect(await details(id, convertedResidence)).toMatchObject({
        converted: true,
        screeningCompleted: true,
      });
      await t.app.db.updateTable('assessments').set({ status: 'cancelled' }).where('id', '=', id).execute();
    });

    it('refuses other organizations without data, 404s unknown ones, 400s malformed input', async () => {
      expectError(await questionsOf('skriver', foreign.id), 403);
      expectError(await questionsOf('uden-org', approved.id), 403);
      expect((await questionsOf('flere', foreign.id)).statusCode).toBe(200);
      expectError(await questionsOf('skriver', UNKNOWN_ID), 404);
      expectError(await questionsOf('skriver', 'S01'), 400);
      expectError(await get('skriver', '/api/v2/questions'), 400);
      expect((await questionsOf(null, approved.id)).statusCode).toBe(401);
    });
  });

  describe('POST /api/v2/sync/syncanswer', () => {
    let draft: string;
    beforeAll(async () => {
      draft = await createDraft();
    });

    it('stores an answer and answers the whole updated question list', async () => {
      const before = await assessmentRow(draft);
      const response = await sync('skriver', {
        assessmentId: draft,
        questionUniqueId: 'S02',
        values: ['S02-b'],
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(typeof response.headers['set-authorization']).toBe('string');
      const questions = response.json<Question[]>();
      expect(questions).toHaveLength(QUESTIONS.length);
      expect(questions.find((q) => q.uniqueId === 'S02')!.options.filter((o) => o.isSelected)).toEqual([
        { answerId: 'S02-b', label: expect.any(String), isSelected: true, exclusive: false },
      ]);
      expect(questions).toEqual((await questionsOf('skriver', draft)).json());
      const row = await answerOf(draft, 'S02');
      expect(row).toMatchObject({
        values: ['S02-b'],
        numeric_value: null,
        comment: null,
        preselected: false,
        answered_by: userIds.skriver,
      });
      const after = await assessmentRow(draft);
      expect(after.last_answered_question_unique_id).toBe('S02');
      expect(new Date(after.updated_at).getTime()).toBeGreaterThanOrEqual(
        new Date(before.updated_at).getTime(),
      );
      expect((await details(draft, freeResidence)).lastAnsweredQuestionUniqueId).toBe('S02');
    });

    it('stores numbers, decimals and comments; a comment alone keeps the values; null and [] clear', async () => {
      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S05', numericValue: 90 });
      expect(await answerOf(draft, 'S05')).toMatchObject({ numeric_value: 90, values: [] });
      // A decimal evaluation answer: on a draft whose screening is complete (screening first).
      const screened = await screenedDraft();
      await syncOk('skriver', { assessmentId: screened, questionUniqueId: 'ANK-03', numericValue: 2.55 });
      expect((await answerOf(screened, 'ANK-03'))!.numeric_value).toBe(2.55);

      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S09', values: ['S09-a', 'S09-c'] });
      const commented = await syncOk('skriver', {
        assessmentId: draft,
        questionUniqueId: 'S09',
        comment: 'Tæpper i soveværelset',
      });
      expect(await answerOf(draft, 'S09')).toMatchObject({
        values: ['S09-a', 'S09-c'],
        comment: 'Tæpper i soveværelset',
      });
      expect(commented.find((q) => q.uniqueId === 'S09')!.comment).toBe('Tæpper i soveværelset');
      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S09', values: ['S09-e'] });
      expect(await answerOf(draft, 'S09')).toMatchObject({
        values: ['S09-e'],
        comment: 'Tæpper i soveværelset',
      });
      // A comment on an unanswered question, then an empty comment.
      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S10', comment: 'x'.repeat(2000) });
      expect((await answerOf(draft, 'S10'))!.comment).toHaveLength(2000);
      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S10', comment: '' });
      expect(await answerOf(draft, 'S10')).toBeUndefined();

      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S05', numericValue: null });
      expect(await answerOf(draft, 'S05')).toBeUndefined();
      await syncOk('skriver', { assessmentId: draft, questionUniqueId: 'S09', values: [], comment: null });
      expect(await answerOf(draft, 'S09')).toBeUndefined();
      await syncOk('skriver', { assessmentId: screened, questionUniqueId: 'ANK-03', numericValue: null });
      expect(await answerOf(screened, 'ANK-03')).toBeUndefined();
    });

    it('refuses evaluation answers with 409 SCREENING_NOT_COMPLETE until screening is complete; nothing is stored', async () => {
      const id = await createDraft();
      const required = screening.filter((q) => !q.isOptional);
      const evaluationAnswer = { assessmentId: id, questionUniqueId: 'IND-04', numericValue: 100 };
      const comment = { assessmentId: id, questionUniqueId: 'IND-04', comment: 'Målt' };
      const expectRefused = (response: Response) => {
        const body = expectError(response, 409);
        expect(body.code).toBe('SCREENING_NOT_COMPLETE');
        expect(body.message).toMatch(/screening is not complete/i);
      };
      // With none, then every but the last required screening answer: refused, a comment alone
      // and a keyed request too, and nothing stored (no answer, no key, no derived field).
      for (const [i, q] of required.entries()) {
        const before = await snapshot(id);
        expectRefused(await sync('skriver', evaluationAnswer));
        expectRefused(await sync('skriver', comment, `screening-first-${i}`));
        expect(await snapshot(id)).toEqual(before);
        await syncOk('skriver', { assessmentId: id, questionUniqueId: q.uniqueId, ...neutralAnswer(q) });
      }
      // The optional screening questions are not needed: the screening is complete now.
      expect((await details(id, freeResidence)).screeningCompleted).toBe(true);
      const list = await syncOk('skriver', evaluationAnswer);
      expect(list.find((q) => q.uniqueId === 'IND-04')!.numericQuestionValue).toBe(100);
      // A key that was refused was not stored: it can be used once the answer is taken.
      await syncOk('skriver', comment, 'screening-first-0');
      expect(await answerOf(id, 'IND-04')).toMatchObject({ numeric_value: 100, comment: 'Målt' });

      // A required screening answer cleared: the evaluation is closed again, its answers kept.
      const first = required[0]!;
      await syncOk('skriver', {
        assessmentId: id,
        questionUniqueId: first.uniqueId,
        ...(first.type === 'numeric' ? { numericValue: null } : { values: [] }),
      });
      expect((await details(id, freeResidence)).screeningCompleted).toBe(false);
      const before = await snapshot(id);
      expectRefused(await sync('skriver', { ...evaluationAnswer, numericValue: null }));
      expect(await snapshot(id)).toEqual(before);
      expect((await answerOf(id, 'IND-04'))!.numeric_value).toBe(100);
    });

    it('takes evaluation answers of converted assessments at once: they skip screening', async () => {
      const id = await createDraft(convertedResidence);
      expect(await answersOf(id)).toEqual([]);
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'IND-04', numericValue: 100 });
      expect((await answerOf(id, 'IND-04'))!.numeric_value).toBe(100);
      await t.app.db.updateTable('assessments').set({ status: 'cancelled' }).where('id', '=', id).execute();
    });

    it('needs the write role: the read user gets 403 and nothing is stored', async () => {
      const before = await snapshot(draft);
      expectError(
        await sync('laeser', { assessmentId: draft, questionUniqueId: 'S01', values: ['S01-a'] }),
        403,
      );
      expectError(
        await sync('laeser', { assessmentId: draft, questionUniqueId: 'S01', values: ['S01-a'] }, 'laeser-1'),
        403,
      );
      expect(await snapshot(draft)).toEqual(before);
    });

    it('refuses other organizations (403), 404s unknown and cancelled assessments; nothing is stored', async () => {
      const foreignBefore = await snapshot(foreign.id);
      const body = { assessmentId: foreign.id, questionUniqueId: 'S01', values: ['S01-a'] };
      expectError(await sync('skriver', body), 403);
      expectError(await sync('uden-org', body), 403);
      expect(await snapshot(foreign.id)).toEqual(foreignBefore);
      expectError(await sync('skriver', { ...body, assessmentId: UNKNOWN_ID }), 404);
      const cancelled = await createDraft();
      await t.app.db
        .updateTable('assessments')
        .set({ status: 'cancelled' })
        .where('id', '=', cancelled)
        .execute();
      expectError(await sync('skriver', { ...body, assessmentId: cancelled }), 404);
      expect(await answersOf(cancelled)).toEqual([]);
      expect((await sync(null, { ...body, assessmentId: draft })).statusCode).toBe(401);
    });

    const malformed: [string, (draft: string) => unknown, AnswerHeaders?][] = [
      ['a number as a string', (id) => ({ assessmentId: id, questionUniqueId: 'S05', numericValue: '80' })],
      ['values as a string', (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: 'S02-a' })],
      ['values with a number', (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: [1] })],
      ['a numeric question id', (id) => ({ assessmentId: id, questionUniqueId: 1, values: ['S02-a'] })],
      ['a comment as a number', (id) => ({ assessmentId: id, questionUniqueId: 'S02', comment: 5 })],
      ['an unknown question', (id) => ({ assessmentId: id, questionUniqueId: 'S99', values: ['S02-a'] })],
      ['an unknown option id', (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S02-x'] })],
      [
        'an option of another question',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S01-a'] }),
      ],
      [
        'two options of a single-choice question',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S02-a', 'S02-b'] }),
      ],
      ['a number below the range', (id) => ({ assessmentId: id, questionUniqueId: 'S05', numericValue: 49 })],
      [
        'a number above the range',
        (id) => ({ assessmentId: id, questionUniqueId: 'S05', numericValue: 121 }),
      ],
      ['a huge number', (id) => ({ assessmentId: id, questionUniqueId: 'S05', numericValue: 1e308 })],
      ['3 decimals', (id) => ({ assessmentId: id, questionUniqueId: 'ANK-03', numericValue: 2.555 })],
      [
        'a decimal for an integer question',
        (id) => ({ assessmentId: id, questionUniqueId: 'S05', numericValue: 80.5 }),
      ],
      [
        'an exclusive option combined',
        (id) => ({ assessmentId: id, questionUniqueId: 'S09', values: ['S09-a', 'S09-e'] }),
      ],
      [
        'an option given twice',
        (id) => ({ assessmentId: id, questionUniqueId: 'S09', values: ['S09-a', 'S09-a'] }),
      ],
      ['values for a numeric question', (id) => ({ assessmentId: id, questionUniqueId: 'S05', values: [] })],
      [
        'a number for a choice question',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', numericValue: 1 }),
      ],
      ['no answer fields', (id) => ({ assessmentId: id, questionUniqueId: 'S02' })],
      [
        'a comment of 2001 characters',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', comment: 'x'.repeat(2001) }),
      ],
      [
        'a huge comment',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', comment: 'x'.repeat(200_000) }),
      ],
      ['a comment with NUL', (id) => ({ assessmentId: id, questionUniqueId: 'S02', comment: 'a\u0000b' })],
      [
        '21 values',
        (id) => ({
          assessmentId: id,
          questionUniqueId: 'S09',
          values: Array.from({ length: 21 }, () => 'S09-a'),
        }),
      ],
      [
        'a 101-character option id',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['x'.repeat(101)] }),
      ],
      [
        'a 101-character question id',
        (id) => ({ assessmentId: id, questionUniqueId: 'x'.repeat(101), comment: 'x' }),
      ],
      [
        'a non-uuid assessmentId',
        () => ({ assessmentId: 'abc', questionUniqueId: 'S02', values: ['S02-a'] }),
      ],
      ['no assessmentId', () => ({ questionUniqueId: 'S02', values: ['S02-a'] })],
      ['no questionUniqueId', (id) => ({ assessmentId: id, values: ['S02-a'] })],
      ['a list', (id) => [{ assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] }]],
      ['null', () => null],
      [
        'an empty Idempotency-Key',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] }),
        { 'idempotency-key': '' },
      ],
      [
        'a 201-character Idempotency-Key',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] }),
        { 'idempotency-key': 'k'.repeat(201) },
      ],
      [
        'an Idempotency-Key with spaces',
        (id) => ({ assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] }),
        { 'idempotency-key': 'a b' },
      ],
    ];
    it.each(malformed)('answers %s with 400 JSON and stores nothing', async (_name, body, headers = {}) => {
      const before = await snapshot(draft);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/sync/syncanswer',
        headers: { ...bearer(tokens.skriver), 'content-type': 'application/json', ...headers },
        payload: JSON.stringify(body(draft)),
      });
      expectError(response, 400);
      expect(await snapshot(draft)).toEqual(before);
    });

    it('answers no body, broken JSON and a body of another type with 400 or 415 JSON', async () => {
      const before = await snapshot(draft);
      const url = '/api/v2/sync/syncanswer';
      expectError(await t.app.inject({ method: 'POST', url, headers: bearer(tokens.skriver) }), 400);
      expectError(
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(tokens.skriver), 'content-type': 'application/json' },
          payload: '{"assessmentId": ',
        }),
        400,
      );
      expectError(
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(tokens.skriver), 'content-type': 'application/xml' },
          payload: '<answer/>',
        }),
        415,
      );
      expect(await snapshot(draft)).toEqual(before);
    });

    it('answers a body over 256 KB with 413 JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/sync/syncanswer',
        headers: { ...bearer(tokens.skriver), 'content-type': 'application/json' },
        payload: JSON.stringify({
          assessmentId: draft,
          questionUniqueId: 'S02',
          comment: 'x'.repeat(300_000),
        }),
      });
      expect(response.statusCode).toBe(413);
      expect(response.json().message).toEqual(expect.any(String));
    });

    it('refuses answers to approved and ready assessments with 409 and stores nothing; rejected ones take them', async () => {
      const body = { assessmentId: approved.id, questionUniqueId: 'S01', values: ['S01-d'], comment: 'nej' };
      const before = await snapshot(approved.id);
      const error = expectError(await sync('skriver', body), 409);
      expect(error.code).toBe('ASSESSMENT_LOCKED');
      expectError(await sync('skriver', body, 'locked-key'), 409);
      expect(await snapshot(approved.id)).toEqual(before);

      const ready = await createDraft();
      await t.app.db.updateTable('assessments').set({ status: 'ready' }).where('id', '=', ready).execute();
      expectError(await sync('skriver', { ...body, assessmentId: ready }), 409);
      expect(await answersOf(ready)).toEqual([]);
      const rejected = await createDraft();
      await t.app.db
        .updateTable('assessments')
        .set({ status: 'rejected' })
        .where('id', '=', rejected)
        .execute();
      await syncOk('skriver', { ...body, assessmentId: rejected });
      expect((await answerOf(rejected, 'S01'))!.values).toEqual(['S01-d']);
      expect((await assessmentRow(rejected)).status).toBe('rejected');
    });

    it('does not apply a repeated Idempotency-Key twice, and answers it with the current list', async () => {
      const id = await createDraft();
      const x = { assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] };
      const y = { assessmentId: id, questionUniqueId: 'S02', values: ['S02-b'] };
      const first = await sync('skriver', x, 'k1');
      expect(first.statusCode).toBe(200);
      // Repeated at once: nothing changed in between, so the same list.
      const repeated = await sync('skriver', x, 'k1');
      expect(repeated.statusCode).toBe(200);
      expect(repeated.body).toBe(first.body);
      await syncOk('skriver', y, 'k2');
      const answeredAt = (await answerOf(id, 'S02'))!.answered_at;
      // Repeated after another answer: not applied again, and the list as it is now (migration 0009).
      const again = await sync('skriver', x, 'k1');
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe((await questionsOf('skriver', id)).body);
      expect(again.body).not.toBe(first.body);
      expect(await answerOf(id, 'S02')).toMatchObject({ values: ['S02-b'], answered_at: answeredAt });
      const keys = await t.app.db
        .selectFrom('sync_requests')
        .selectAll()
        .where('user_id', '=', userIds.skriver)
        .where('idempotency_key', 'in', ['k1', 'k2'])
        .execute();
      // The key and the hash of its request, and nothing of the response.
      expect(keys).toHaveLength(2);
      expect(keys.map((k) => Object.keys(k).sort())).toEqual(
        keys.map(() => ['created_at', 'idempotency_key', 'request_hash', 'user_id']),
      );
      expect(keys.every((k) => /^[0-9a-f]{64}$/.test(k.request_hash))).toBe(true);

      // The same key with another body is a conflict, and changes nothing.
      const before = await snapshot(id);
      const conflict = expectError(await sync('skriver', { ...x, values: ['S02-c'] }, 'k1'), 409);
      expect(conflict.code).toBe('IDEMPOTENCY_KEY_REUSED');
      expectError(await sync('skriver', { ...x, comment: 'og en kommentar' }, 'k1'), 409);
      expect(await snapshot(id)).toEqual(before);

      // Keys are per user: the same key from another user is another request.
      await syncOk('flere', x, 'k1');
      expect(await answerOf(id, 'S02')).toMatchObject({ values: ['S02-a'], answered_by: userIds.flere });

      // A request applied before is answered with the list, even once the assessment is locked.
      await t.app.db.updateTable('assessments').set({ status: 'approved' }).where('id', '=', id).execute();
      const locked = await sync('skriver', y, 'k2');
      expect(locked.statusCode).toBe(200);
      expect(locked.body).toBe((await questionsOf('skriver', id)).body);
      expectError(await sync('skriver', y, 'k3'), 409);
      await t.app.db.updateTable('assessments').set({ status: 'draft' }).where('id', '=', id).execute();

      // Without a key every request is applied.
      await syncOk('skriver', y);
      await syncOk('skriver', x);
      expect((await answerOf(id, 'S02'))!.values).toEqual(['S02-a']);
    });

    it('applies a key sent several times at once only once, and keeps parallel answers consistent', async () => {
      const id = await createDraft();
      const body = { assessmentId: id, questionUniqueId: 'S05', numericValue: 100 };
      const responses = await Promise.all(
        Array.from({ length: 6 }, () => sync('skriver', body, 'parallel-key')),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
      expect(new Set(responses.map((r) => r.body)).size).toBe(1);
      const row = (await answerOf(id, 'S05'))!;
      expect(row.numeric_value).toBe(100);

      // Answers to different questions at the same time all land, and the derived fields agree.
      const required = screening.filter((q) => !q.isOptional && q.uniqueId !== 'S05');
      const results = await Promise.all(
        required.map((q) =>
          sync('skriver', { assessmentId: id, questionUniqueId: q.uniqueId, ...neutralAnswer(q) }),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual(required.map(() => 200));
      expect(await answersOf(id)).toHaveLength(required.length + 1);
      expect(await details(id, freeResidence)).toMatchObject({
        screeningCompleted: true,
        excludedHandicaps: [],
      });
      // The answered_at of S05 shows that it was written once.
      expect((await answerOf(id, 'S05'))!.answered_at).toEqual(row.answered_at);
    });

    it('applies the same key sent at once for two assessments to one of them only; the other is a 409', async () => {
      const [a, b] = [await createDraft(), await createDraft()];
      const body = (assessmentId: string) => ({ assessmentId, questionUniqueId: 'S02', values: ['S02-a'] });
      const responses = await Promise.all([
        sync('skriver', body(a), 'shared-key'),
        sync('skriver', body(b), 'shared-key'),
      ]);
      expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      const [winner, loser] = responses[0]!.statusCode === 200 ? [a, b] : [b, a];
      expect(responses.find((r) => r.statusCode === 409)!.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect((await answerOf(winner, 'S02'))!.values).toEqual(['S02-a']);
      expect(await answerOf(loser, 'S02')).toBeUndefined();
      expect((await assessmentRow(loser)).last_answered_question_unique_id).toBeNull();
      // The key answers the winner's request as then, and refuses the loser's.
      expect((await sync('skriver', body(winner), 'shared-key')).statusCode).toBe(200);
      expect((await sync('skriver', body(loser), 'shared-key')).statusCode).toBe(409);
    });

    it('never applies a key again, however old', async () => {
      const id = await createDraft();
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S04', values: ['S04-a'] }, 'old-key');
      await t.app.db
        .updateTable('sync_requests')
        .set({ created_at: new Date(Date.now() - 400 * 24 * 60 * 60 * 1000) })
        .where('user_id', '=', userIds.skriver)
        .where('idempotency_key', '=', 'old-key')
        .execute();
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S04', values: ['S04-b'] }, 'new-key');
      const replay = await syncOk(
        'skriver',
        { assessmentId: id, questionUniqueId: 'S04', values: ['S04-a'] },
        'old-key',
      );
      expect((await answerOf(id, 'S04'))!.values).toEqual(['S04-b']);
      expect(replay).toEqual((await questionsOf('skriver', id)).json());
    });

    it('sends brotli to a client that accepts it, the same JSON text to any other', async () => {
      const id = await createDraft();
      const body = { assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] };
      const send = (acceptEncoding: string | undefined, key: string) =>
        inject('skriver', 'POST', '/api/v2/sync/syncanswer', body, {
          'idempotency-key': key,
          ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
        });
      const first = await send('gzip, deflate, br', 'enc-key');
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-encoding']).toBe('br');
      expect(String(first.headers['vary'])).toMatch(/accept-encoding/i);
      const text = brotliDecompressSync(first.rawPayload).toString('utf8');
      // Byte for byte what GET /api/v2/questions serializes.
      expect(text).toBe((await questionsOf('skriver', id)).body);

      // Replayed: the same text as brotli, plain or as gzip.
      const again = await send('br', 'enc-key');
      expect(again.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(again.rawPayload).toString('utf8')).toBe(text);
      const plain = await send(undefined, 'enc-key');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(text);
      const gzipped = await send('gzip', 'enc-key');
      expect(gzipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzipped.rawPayload).toString('utf8')).toBe(text);
    });

    it('sees answers another process wrote since this one last answered the assessment', async () => {
      const id = await createDraft();
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] });
      // Another server process answers S04 (answers and the assessment row, as every writer does).
      await t.app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('answers')
          .values({
            assessment_id: id,
            question_unique_id: 'S04',
            values: ['S04-b'],
            answered_by: userIds.skriver,
          })
          .execute();
        await trx.updateTable('assessments').set({ updated_at: new Date() }).where('id', '=', id).execute();
      });
      const list = await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S05', numericValue: 100 });
      const selected = (uniqueId: string) =>
        list
          .find((q) => q.uniqueId === uniqueId)!
          .options.filter((o) => o.isSelected)
          .map((o) => o.answerId);
      expect(selected('S02')).toEqual(['S02-a']);
      expect(selected('S04')).toEqual(['S04-b']);
      expect(list).toEqual((await questionsOf('skriver', id)).json());
      expect((await answerOf(id, 'S04'))!.values).toEqual(['S04-b']);
    });

    it('refuses an answer given before the stored one with 409 and the stored answer; a later one is applied', async () => {
      const id = await createDraft();
      const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000).toISOString();
      const question = { assessmentId: id, questionUniqueId: 'S05' };
      // Given on another device ten minutes ago, by another user.
      const tenMinutesAgo = at(10);
      await syncOk('flere', { ...question, numericValue: 90, comment: 'Målt', answeredAt: tenMinutesAgo });
      const stored = (await answerOf(id, 'S05'))!;
      expect(stored.answered_at.toISOString()).toBe(tenMinutesAgo);

      // Given before it (it waited offline): refused with the stored answer, nothing changes.
      const before = await snapshot(id);
      const refused = await sync(
        'skriver',
        { ...question, numericValue: 120, answeredAt: at(60) },
        'offline-key',
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toEqual({
        message: expect.any(String),
        code: 'ANSWER_CHANGED_SINCE',
        current: {
          values: [],
          numericValue: 90,
          comment: 'Målt',
          answeredAt: stored.answered_at.toISOString(),
          answeredBy: expect.any(String),
        },
      });
      expect(refused.json().current.answeredBy).toBe(
        (
          await t.app.db
            .selectFrom('users')
            .select('display_name')
            .where('id', '=', userIds.flere)
            .executeTakeFirstOrThrow()
        ).display_name,
      );
      expect(await snapshot(id)).toEqual(before);
      // A comment alone is refused the same way: it would overwrite the newer comment.
      expect((await sync('skriver', { ...question, comment: 'Gammel', answeredAt: at(30) })).statusCode).toBe(
        409,
      );

      // Given after it: applied, and its own time is kept.
      const later = at(1);
      await syncOk('skriver', { ...question, numericValue: 120, answeredAt: later });
      expect(await answerOf(id, 'S05')).toMatchObject({ numeric_value: 120, answered_by: userIds.skriver });
      expect((await answerOf(id, 'S05'))!.answered_at.toISOString()).toBe(later);
      // A clock ahead of the server's counts as now; without a time the answer is applied as before.
      await syncOk('skriver', {
        ...question,
        numericValue: 110,
        answeredAt: new Date(Date.now() + 3_600_000).toISOString(),
      });
      expect((await answerOf(id, 'S05'))!.answered_at.getTime()).toBeLessThanOrEqual(Date.now());
      await syncOk('flere', { ...question, numericValue: 100 });
      expect((await answerOf(id, 'S05'))!.numeric_value).toBe(100);
      // A question with no stored answer takes any time.
      await syncOk('skriver', {
        assessmentId: id,
        questionUniqueId: 'S02',
        values: ['S02-a'],
        answeredAt: at(600),
      });
      // The assessment's updated_at is the server's time of the write, not the answer's.
      expect((await assessmentRow(id)).updated_at.getTime()).toBeGreaterThan(Date.now() - 60_000);

      // A time that is not one is a 400.
      for (const answeredAt of ['gestern', '2026-13-01T00:00:00Z', 12, '2026-11-24T10:00:00']) {
        expectError(await sync('skriver', { ...question, numericValue: 100, answeredAt }), 400);
      }
    });

    it('keeps the keys stored with responses before migration 0009', async () => {
      const id = await createDraft();
      const body = { assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] };
      await syncOk('skriver', body, 'kept-key');
      const migrator = createMigrator(t.app.db);
      // The suite's tokens carry sessions (migration 0012), which the way down drops: kept aside.
      const sessions = await t.app.db.selectFrom('sessions').selectAll().execute();
      const down = await migrator.migrateTo('0008-list-version-on-shown-fields');
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual([
        '0022-search-version-notices',
        '0021-list-version-notices',
        '0020-search-key-versions',
        '0019-photos',
        '0018-assessment-levels',
        '0017-assessment-history',
        '0016-help-images',
        '0015-fair-and-cancellable-jobs',
        '0014-finished-jobs-index',
        '0013-organization-follows-department',
        '0012-sessions',
        '0011-answer-given-at',
        '0010-idempotency-key-pruning',
        '0009-lean-answer-writes',
      ]);
      // As 0007 stored them: the response's text or its brotli bytes.
      await sql`update sync_requests set response = '[{"stored":"before 0009"}]',
        response_br = ${brotliCompressSync('[]')} where user_id = ${userIds.skriver}`.execute(t.app.db);
      await migrateToLatest(t.app.db);
      if (sessions.length > 0) await t.app.db.insertInto('sessions').values(sessions).execute();
      await syncOk('skriver', { ...body, values: ['S02-b'] }, 'later-key');
      // Answered with the list as it is now, not what was stored, and not applied again.
      const replay = await sync('skriver', body, 'kept-key');
      expect(replay.statusCode).toBe(200);
      expect(replay.body).toBe((await questionsOf('skriver', id)).body);
      expect((await answerOf(id, 'S02'))!.values).toEqual(['S02-b']);
      expect(expectError(await sync('skriver', { ...body, values: ['S02-c'] }, 'kept-key'), 409).code).toBe(
        'IDEMPOTENCY_KEY_REUSED',
      );
    });

    it('confirms a copied answer when it is answered; a comment alone leaves it preselected', async () => {
      const copy = await createDraft(approved.residenceId, approved.id);
      const copied = await answersOf(copy);
      const choice = copied.find((a) => def(a.question_unique_id).type !== 'numeric')!;
      const numeric = copied.find((a) => def(a.question_unique_id).type === 'numeric')!;
      expect(choice.preselected && numeric.preselected).toBe(true);

      // Confirming with the same value.
      const response = await syncOk('skriver', {
        assessmentId: copy,
        questionUniqueId: choice.question_unique_id,
        values: choice.values,
      });
      expect(response.find((q) => q.uniqueId === choice.question_unique_id)!.isPreselected).toBe(false);
      expect(await answerOf(copy, choice.question_unique_id)).toMatchObject({
        values: choice.values,
        preselected: false,
        answered_by: userIds.skriver,
      });
      const commented = await syncOk('skriver', {
        assessmentId: copy,
        questionUniqueId: numeric.question_unique_id,
        comment: 'Skal måles igen',
      });
      expect(commented.find((q) => q.uniqueId === numeric.question_unique_id)).toMatchObject({
        isPreselected: true,
        numericQuestionValue: numeric.numeric_value,
        comment: 'Skal måles igen',
      });
      // The other copied answers stay preselected.
      const others = (await answersOf(copy)).filter(
        (a) => a.question_unique_id !== choice.question_unique_id,
      );
      expect(others.every((a) => a.preselected)).toBe(true);
      await t.app.db.updateTable('assessments').set({ status: 'cancelled' }).where('id', '=', copy).execute();
    });

    it('completes screening, hides excluded questions and calculates the assessment', async () => {
      const id = await createDraft();
      // The department's property list, read (and kept by the server) before the answers.
      const { department_id: departmentId } = await t.app.db
        .selectFrom('residences')
        .select('department_id')
        .where('id', '=', freeResidence)
        .executeTakeFirstOrThrow();
      const listedCalculated = async () => {
        const response = await get(
          'skriver',
          `/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`,
        );
        return response
          .json<{ assessmentId: string | null; isCalculated: boolean }[]>()
          .find((r) => r.assessmentId === id)!.isCalculated;
      };
      expect(await listedCalculated()).toBe(false);
      const required = screening.filter((q) => !q.isOptional);
      for (const [index, q] of required.entries()) {
        const questions = await syncOk('skriver', {
          assessmentId: id,
          questionUniqueId: q.uniqueId,
          ...neutralAnswer(q),
        });
        expect(questions.some((x) => x.isHidden)).toBe(false);
        const state = await details(id, freeResidence);
        expect(state.screeningCompleted).toBe(index === required.length - 1);
        expect(state.excludedHandicaps).toEqual([]);
        expect(state.lastAnsweredQuestionUniqueId).toBe(q.uniqueId);
      }

      // S02 "c" (a floor without a lift) excludes wheelchair and mobility users.
      const questions = await syncOk('skriver', {
        assessmentId: id,
        questionUniqueId: 'S02',
        values: ['S02-c'],
      });
      expect(await details(id, freeResidence)).toMatchObject({
        screeningCompleted: true,
        excludedHandicaps: ['wheelchair', 'mobility'],
        handicapsForEvaluation: ['vision', 'hearing', 'cognitive'],
        isCalculated: false,
      });
      const onlyExcluded = (q: QuestionDef) =>
        q.chapterId !== 'screening' && q.relevantTo.every((h) => h === 'wheelchair' || h === 'mobility');
      for (const q of questions) expect(q.isHidden, q.uniqueId).toBe(onlyExcluded(def(q.uniqueId)));
      expect(questions.find((q) => q.uniqueId === 'IND-04')!.isHidden).toBe(true);
      expect(questions.find((q) => q.uniqueId === 'IND-06')!.isHidden).toBe(false);

      // Every required visible evaluation question answered: calculated.
      const todo = evaluation.filter((q) => !q.isOptional && !onlyExcluded(q));
      for (const [index, q] of todo.entries()) {
        await syncOk('skriver', { assessmentId: id, questionUniqueId: q.uniqueId, ...neutralAnswer(q) });
        if (index === todo.length - 2) expect((await details(id, freeResidence)).isCalculated).toBe(false);
      }
      expect(await details(id, freeResidence)).toMatchObject({
        isCalculated: true,
        assessmentStatus: 'draft',
      });
      expect(isCalculated(QUESTIONS, await answerMap(id))).toBe(true);
      const row = await assessmentRow(id);
      expect(row.is_calculated).toBe(true);
      expect(await listedCalculated()).toBe(true);

      // Screening changes back: the hidden questions show again and the assessment is not calculated.
      const back = await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S02', values: ['S02-a'] });
      expect(back.some((q) => q.isHidden)).toBe(false);
      expect(await details(id, freeResidence)).toMatchObject({ excludedHandicaps: [], isCalculated: false });
      expect(await listedCalculated()).toBe(false);
    });
  });

  describe('the catalogue, read once', () => {
    it('keeps what it read until it is told to read again', async () => {
      const chapter = await t.app.db.selectFrom('chapters').select(['id', 'label']).executeTakeFirstOrThrow();
      const labelIn = async () => {
        const questions = (await questionsOf('skriver', approved.id)).json<Question[]>();
        return questions.find((q) => q.chapter.id === chapter.id)!.chapter.label;
      };
      expect(await labelIn()).toBe(chapter.label);
      await t.app.db
        .updateTable('chapters')
        .set({ label: 'Ændret kapitel' })
        .where('id', '=', chapter.id)
        .execute();
      try {
        expect(await labelIn()).toBe(chapter.label);
        forgetCatalogue(t.app.db);
        expect(await labelIn()).toBe('Ændret kapitel');
      } finally {
        await t.app.db
          .updateTable('chapters')
          .set({ label: chapter.label })
          .where('id', '=', chapter.id)
          .execute();
        forgetCatalogue(t.app.db);
      }
      expect(await labelIn()).toBe(chapter.label);
    });
  });

  describe('GET /api/v2/assessment/synchiddenquestions', () => {
    it('removes the answers of hidden questions and answers a text', async () => {
      const id = await screenedDraft();
      const screeningAnswers = (await answersOf(id)).map((a) => a.question_unique_id);
      // Answers to questions that will be hidden, and to ones that stay visible.
      for (const uniqueId of ['IND-04', 'BAD-02', 'ENT-01', 'IND-06', 'OPH-06']) {
        await syncOk('skriver', {
          assessmentId: id,
          questionUniqueId: uniqueId,
          ...neutralAnswer(def(uniqueId)),
        });
      }
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S04', values: ['S04-b'] });
      const response = await hiddenSync('skriver', id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toBe('text/plain; charset=utf-8');
      const hidden = QUESTIONS.filter((q) => isHiddenQuestion(q, ['wheelchair', 'mobility']));
      expect(response.body).toBe(`${hidden.length} skjulte spørgsmål, 3 svar fjernet`);
      expect((await answersOf(id)).map((a) => a.question_unique_id).sort()).toEqual(
        [...screeningAnswers, 'IND-06', 'OPH-06'].sort(),
      );
      const row = await assessmentRow(id);
      expect(row.is_calculated).toBe(isCalculated(QUESTIONS, await answerMap(id)));
      expect(row.excluded_handicaps).toEqual(['wheelchair', 'mobility']);
      // Nothing more to remove the second time.
      expect((await hiddenSync('skriver', id)).body).toBe(
        `${hidden.length} skjulte spørgsmål, 0 svar fjernet`,
      );
      // Not hidden any more once screening changes; nothing was lost there.
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S04', values: ['S04-a'] });
      expect((await hiddenSync('skriver', id)).body).toBe('0 skjulte spørgsmål, 0 svar fjernet');
      expect(await answersOf(id)).toHaveLength(screeningAnswers.length + 2);
    });

    it('needs the write role and an editable assessment of the own organization', async () => {
      const id = await screenedDraft();
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'S02', values: ['S02-c'] });
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'IND-04', numericValue: 100 });
      const before = await snapshot(id);
      expectError(await hiddenSync('laeser', id), 403);
      expectError(await hiddenSync('uden-org', id), 403);
      expectError(await hiddenSync('skriver', foreign.id), 403);
      expectError(await hiddenSync('skriver', UNKNOWN_ID), 404);
      expectError(await hiddenSync('skriver', 'abc'), 400);
      expectError(await get('skriver', '/api/v2/assessment/synchiddenquestions'), 400);
      expect((await hiddenSync(null, id)).statusCode).toBe(401);
      await t.app.db.updateTable('assessments').set({ status: 'approved' }).where('id', '=', id).execute();
      expect(expectError(await hiddenSync('skriver', id), 409).code).toBe('ASSESSMENT_LOCKED');
      await t.app.db.updateTable('assessments').set({ status: 'draft' }).where('id', '=', id).execute();
      expect(await snapshot(id)).toEqual({ ...before });
      expect((await hiddenSync('skriver', id)).body).toMatch(/ 1 svar fjernet$/);
    });

    it('removes nothing from converted assessments', async () => {
      const id = await createDraft(convertedResidence);
      await syncOk('skriver', { assessmentId: id, questionUniqueId: 'IND-04', numericValue: 100 });
      expect((await hiddenSync('skriver', id)).body).toBe('0 skjulte spørgsmål, 0 svar fjernet');
      expect(await answersOf(id)).toHaveLength(1);
    });
  });
});

type AnswerHeaders = Record<string, string>;
