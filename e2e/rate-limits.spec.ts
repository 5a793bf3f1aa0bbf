import { expect, type Response } from '@playwright/test';
import type { Question } from '../shared/rules/answer-validation';
import {
  answerControls,
  answerTexts,
  api,
  demoToken,
  expectEachAnswerTakenOnce,
  newAssessmentInBigDepartment,
  signInWithToken,
  storedOutbox,
  type SyncAttempt,
} from './fixtures';
import { testWithOwnServer } from './own-server';

/**
 * The outbox treats 429 as transient (docs/architecture.md 4 "Rate limits"). A burst of answers
 * over a low API limit per user (server/src/http/rate-limits.ts) is held back by the server, and
 * every answer still arrives, the last value winning, without the outbox spending its tries inside
 * the server's window: it waits as long as `Retry-After` says (src/offline/outbox-sender.ts).
 *
 * The server counts in windows of 20 seconds instead of a minute (RATE_LIMIT_WINDOW_S), each
 * allowing 60 requests: the burst (48 answers, each sent and followed by one refetch of the
 * assessment, about 66 requests in a few seconds) overruns the first window and the rest fits
 * in the second. A minute's window behaves the same, only three times slower.
 */
const WINDOW_S = 20;
const PER_WINDOW = 60;
const API_PER_MINUTE = (PER_WINDOW * 60) / WINDOW_S;
const test = testWithOwnServer({
  RATE_LIMIT_API_PER_MINUTE: String(API_PER_MINUTE),
  RATE_LIMIT_WINDOW_S: String(WINDOW_S),
});
// One run is enough (the limit is per user and server); skipped before its server starts.
test.skip(({ isMobile }) => isMobile, 'one run, on the desktop');

interface Sent extends SyncAttempt {
  outcome: number;
  retryAfter: string | null;
  json: unknown;
}

test('a burst of answers over the API limit is refused with 429 and Retry-After, and all of it arrives once the window has passed', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await demoToken(request, 'skriver');
  const { propertyId, assessmentId, catalogue } = await newAssessmentInBigDepartment(request, token);

  const statuses: number[] = [];
  const sent: Sent[] = [];
  const reading: Promise<unknown>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.startsWith('/api/')) return;
    statuses.push(response.status());
    if (url.pathname !== '/api/v2/sync/syncanswer') return;
    const sentRequest = response.request();
    const body = sentRequest.postData() ?? '';
    reading.push(
      response
        .json()
        .catch(() => null)
        .then((json: unknown) =>
          sent.push({
            key: sentRequest.headers()['idempotency-key'] ?? '',
            body,
            questionUniqueId: (JSON.parse(body) as { questionUniqueId: string }).questionUniqueId,
            outcome: response.status(),
            retryAfter: response.headers()['retry-after'] ?? null,
            json,
          }),
        ),
    );
  });

  await signInWithToken(page, token, `/assessment/${propertyId}/${assessmentId}/screening/001`);
  await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The burst: every choice question of the screening answered six times over, as fast as the
  // form takes taps; the last tap (the second option) is the answer.
  const given = new Map<string, string>();
  for (let q = 0; q < 10; q++) {
    const [, , , , chapter, id] = new URL(page.url()).pathname.split('/');
    const question = catalogue.get(`${chapter}/${id}`)!;
    const radios = page.getByRole('radio');
    await expect(answerControls(page).first()).toBeVisible();
    if (question.type === 'single') {
      for (let k = 0; k < 6; k++) await radios.nth(k % 2).click();
      given.set(question.uniqueId, JSON.stringify([question.options[1]!.answerId]));
    }
    if (q < 9) {
      const at = page.url();
      await page.getByRole('button', { name: 'Næste' }).click();
      await expect(page).not.toHaveURL(at);
    }
  }
  expect(given.size).toBeGreaterThanOrEqual(8);

  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 90_000 }).toBe(0);
  await expect(page.getByRole('status').filter({ hasText: /^Gemt$/ })).toBeVisible();
  await Promise.all(reading);
  const refused = sent.filter((s) => s.outcome === 429);
  console.log(
    `rate limit ${PER_WINDOW} per ${WINDOW_S} s: ${given.size * 6} answers typed; ${sent.length} syncanswer requests, ` +
      `${refused.length} answered 429 (Retry-After ${refused.map((s) => s.retryAfter).join(', ')} s); ` +
      `all API requests: ${statuses.length}, of which ${statuses.filter((s) => s === 429).length} answered 429`,
  );

  // The limit did bite, and said so the way every refusal does.
  expect(refused.length).toBeGreaterThan(0);
  for (const s of refused) {
    expect(Number(s.retryAfter)).toBeGreaterThan(0);
    expect(Number(s.retryAfter)).toBeLessThanOrEqual(WINDOW_S);
    expect(s.json).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^Too many requests/),
    });
  }
  // The outbox waited out the window instead of retrying in it: no answer was refused twice
  // (1, 2, 4, 8 … s would take four or five refusals of the same answer to get through the window).
  // Two sends refused side by side are two answers, each waiting once.
  const refusalsPerAnswer = new Map<string, number>();
  for (const s of refused) refusalsPerAnswer.set(s.key, (refusalsPerAnswer.get(s.key) ?? 0) + 1);
  expect(Math.max(...refusalsPerAnswer.values())).toBe(1);
  expectEachAnswerTakenOnce(sent, given.keys(), [429]);
  // And the server holds the last value given to every question.
  const held = answerTexts(
    await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`),
  );
  expect(held).toEqual(given);
});
