import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRng, type Rng } from '../../server/src/db/seed/demo-residences';
import { loadCatalogue } from '../../server/src/domain/answers';
import {
  questionListJson,
  toQuestionList,
  type AnswerRow,
  type Catalogue,
} from '../../server/src/domain/question-list';
import { QuestionList } from '../../shared/contract/answers';
import { SCREENED_HANDICAPS, type ScreenedHandicap } from '../../shared/rules/handicaps';
import { startTestApp, type TestApp } from './helpers';

/**
 * questionListJson splices the list from pieces kept per catalogue; its text must be the
 * response schema's serializer's, byte for byte, for any answers (domain/question-list.ts).
 * The serializer here is the one Fastify compiles for the routes' response schema.
 */

/** Comments that need escaping, or none: quotes, backslashes, control characters, non-ASCII. */
const COMMENTS = [
  null,
  '',
  'Målt ved badeværelset',
  'Citat: "trin" og \\skrå\\ sti',
  'Linje 1\nLinje 2\tmed tab\r',
  '\u0000\u001f\u007f\u2028\u2029',
  '😀 ♿ 🦽',
  'x'.repeat(2000),
];

const pick = <T>(rng: Rng, items: readonly T[]): T => items[rng.int(0, items.length - 1)]!;

function randomRows(rng: Rng, catalogue: Catalogue): AnswerRow[] {
  return catalogue.questions
    .filter(() => rng.next() < 0.5)
    .map((q) => {
      const options = q.options ?? [];
      const numeric =
        q.type === 'numeric'
          ? pick(rng, [null, 0, -0, 1, 2.55, 82, 1e21, 1 / 3, q.rangeStart ?? 0, q.rangeEnd ?? 100])
          : null;
      return {
        question_unique_id: q.uniqueId,
        values: options.filter(() => rng.next() < 0.4).map((o) => o.answerId),
        numeric_value: numeric,
        comment: pick(rng, COMMENTS),
        preselected: rng.next() < 0.3,
      };
    });
}

describe('the question list as spliced JSON', () => {
  let t: TestApp;
  let catalogue: Catalogue;
  let serialize: (questions: unknown) => Promise<string>;

  beforeAll(async () => {
    t = await startTestApp(null);
    catalogue = await loadCatalogue(t.app.db);
    const reference = Fastify();
    let list: unknown = [];
    reference.get('/', { schema: { response: { 200: QuestionList } } }, () => list);
    serialize = async (questions) => {
      list = questions;
      return (await reference.inject({ url: '/' })).body;
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is the serializer text for the catalogue without answers', async () => {
    const expected = await serialize(toQuestionList(catalogue, [], []));
    expect(questionListJson(catalogue, [], []).toString('utf8')).toBe(expected);
    expect(JSON.parse(expected)).toHaveLength(catalogue.questions.length);
  });

  it('is the serializer text for random answers and excluded handicap types', async () => {
    const rng = createRng(11);
    for (let i = 0; i < 150; i++) {
      const rows = randomRows(rng, catalogue);
      const excluded = SCREENED_HANDICAPS.filter(() => rng.next() < 0.3) as ScreenedHandicap[];
      const expected = await serialize(toQuestionList(catalogue, rows, excluded));
      expect(questionListJson(catalogue, rows, excluded).toString('utf8')).toBe(expected);
    }
  });
});
