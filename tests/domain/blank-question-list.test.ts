import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../shared/rules/answer-validation';
import { blankQuestionList } from '../../src/domain/blank-question-list';
import {
  bearer,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from '../server/helpers';

/**
 * A new assessment started offline gets its question list from any list already on the device
 * (docs/architecture.md 4 "Offline start"). It must be the list the server gives a fresh
 * assessment: the reference server (PGlite) answers both here, an answered assessment's list and a
 * fresh one's.
 */
describe('blankQuestionList against the server', () => {
  let t: TestApp;
  let token: string;
  let residences: string[];

  const get = async <T>(url: string): Promise<T> => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<T>();
  };
  const create = (propertyId: string) =>
    get<string>(`/api/v2/assessment/createnewassessment?propertyId=${propertyId}`);
  const questionsOf = (assessmentId: string) =>
    get<Question[]>(`/api/v2/questions?assessmentId=${assessmentId}`);
  const answer = async (assessmentId: string, body: Record<string, unknown>) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/v2/sync/syncanswer',
      headers: bearer(token),
      payload: { assessmentId, ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await startTestApp(null);
    token = await demoToken(t.app, 'skriver');
    const org = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    residences = await residencesWithoutAssessment(t.app.db, org, { limit: 2 });
  });
  afterAll(() => t.close());

  it('clears every answer of an answered list and gives what the server gives a fresh assessment', async () => {
    const answered = await create(residences[0]!);
    const before = await questionsOf(answered);
    // Every screening question with its first option (screening excludes types and hides
    // questions) or its largest number, which completes it (evaluation answers are taken only
    // then), and a value and a comment on the first questions of each type.
    for (const q of before.filter((q) => q.chapterKind === 'screening')) {
      await answer(answered, {
        questionUniqueId: q.uniqueId,
        ...(q.type === 'numeric'
          ? { numericValue: q.numericQuestionSettings!.rangeEnd }
          : { values: [q.options[0]!.answerId] }),
        comment: 'set',
      });
    }
    const numeric = before.find((q) => q.type === 'numeric' && q.chapterKind === 'evaluation')!;
    const settings = numeric.numericQuestionSettings!;
    await answer(answered, {
      questionUniqueId: numeric.uniqueId,
      numericValue: settings.rangeStart ?? settings.rangeEnd ?? 0,
    });
    const multiple = before.find((q) => q.type === 'multiple' && q.chapterKind === 'evaluation')!;
    await answer(answered, { questionUniqueId: multiple.uniqueId, values: [multiple.options[0]!.answerId] });
    const list = await questionsOf(answered);
    // The answers took: the list is not blank, and screening hides some questions.
    expect(list.some((q) => q.isHidden)).toBe(true);
    expect(list.some((q) => q.comment !== null)).toBe(true);
    expect(list.some((q) => q.numericQuestionValue !== null)).toBe(true);
    expect(list.some((q) => q.options.some((o) => o.isSelected))).toBe(true);

    const fresh = await questionsOf(await create(residences[1]!));
    expect(blankQuestionList(list)).toEqual(fresh);
    // A fresh list stays as it is.
    expect(blankQuestionList(fresh)).toEqual(fresh);
  });

  it('leaves the given list unchanged', async () => {
    const list = await questionsOf(await create(residences[0]!).catch(() => create(residences[1]!)));
    const copy = structuredClone(list);
    const answered = list.map((q) => ({
      ...q,
      comment: 'x',
      isHidden: true,
      options: q.options.map((o) => ({ ...o, isSelected: true })),
    }));
    const frozen = structuredClone(answered);
    blankQuestionList(answered);
    expect(answered).toEqual(frozen);
    expect(blankQuestionList(answered)).toEqual(copy);
  });
});
