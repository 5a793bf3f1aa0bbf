import { expect, request as playwrightRequest, test, type Request } from '@playwright/test';
import type { ServerChild } from '../scripts/server-child';
import type { Question } from '../shared/rules/answer-validation';
import {
  answerControls,
  answerTexts,
  api,
  demoToken,
  expectEachAnswerTakenOnce,
  markGuidanceTipsShown,
  newAssessmentInBigDepartment,
  storedOutbox,
  type SyncAttempt,
} from './fixtures';
import { copyOfDemoDatabase } from './demo-database';
import { startOwnServer } from './own-server';

/**
 * A server stopped with SIGTERM while answers are being sent under load, and started again on the
 * same origin and database (a deploy; docs/architecture.md 4 "Shutdown and operations"). It
 * finishes what it has begun and exits cleanly; what it refused or never received waits in the
 * outbox, which delivers every answer once the server is back, none of them twice, the last value
 * winning.
 */
test.skip(({ isMobile }) => isMobile, 'one run, on the desktop');

/** Requests of a second user against the server until stopped: the load a deploy meets. */
function load(base: string, token: string, path: string, workers = 4) {
  let running = true;
  const counts = { ok: 0, refused: 0, failed: 0 };
  const loops = Array.from({ length: workers }, async () => {
    const deadline = Date.now() + 180_000;
    while (running && Date.now() < deadline) {
      try {
        const response = await fetch(`${base}${path}`, { headers: { Authorization: `Bearer ${token}` } });
        await response.arrayBuffer();
        if (response.ok) counts.ok++;
        else counts.refused++;
      } catch {
        counts.failed++;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  });
  return {
    counts,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

test('answers sent under load while the server restarts all arrive, none twice', async ({ browser }) => {
  test.setTimeout(300_000);
  const database = copyOfDemoDatabase();
  const env = { DATABASE_URL: database.databaseUrl };
  let server: ServerChild | null = await startOwnServer(env);
  const base = server.base;
  const port = Number(new URL(base).port);
  const request = await playwrightRequest.newContext({ baseURL: base });
  const context = await browser.newContext({
    baseURL: base,
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
  });
  try {
    const token = await demoToken(request, 'skriver');
    const { department, propertyId, assessmentId, catalogue } = await newAssessmentInBigDepartment(
      request,
      token,
    );

    const page = await context.newPage();
    const attempts: SyncAttempt[] = [];
    const record = (sentRequest: Request, outcome: SyncAttempt['outcome']) => {
      if (!sentRequest.url().endsWith('/api/v2/sync/syncanswer')) return;
      const body = sentRequest.postData() ?? '';
      attempts.push({
        key: sentRequest.headers()['idempotency-key'] ?? '',
        body,
        questionUniqueId: (JSON.parse(body) as { questionUniqueId: string }).questionUniqueId,
        outcome,
      });
    };
    page.on('requestfinished', (finished) => {
      void finished.response().then((response) => record(finished, response?.status() ?? 'no response'));
    });
    page.on('requestfailed', (failed) => record(failed, failed.failure()?.errorText ?? 'failed'));

    await markGuidanceTipsShown(page);
    await page.goto(
      `/loginCallback?${new URLSearchParams({ token, returnPath: `/assessment/${propertyId}/${assessmentId}/screening/001` }).toString()}`,
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    const reader = await demoToken(request, 'laeser');
    const traffic = load(
      base,
      reader,
      `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
    );

    // Ten questions, each answered twice (a change of mind); the server is stopped halfway.
    const given = new Map<string, string>();
    let exitCode: Promise<number | null> | null = null;
    for (let q = 0; q < 10; q++) {
      const [, , , , chapter, id] = new URL(page.url()).pathname.split('/');
      const question = catalogue.get(`${chapter}/${id}`)!;
      const radios = page.getByRole('radio');
      const boxes = page.getByRole('checkbox');
      await expect(answerControls(page).first()).toBeVisible();
      if (question.type === 'numeric') {
        const start = question.numericQuestionSettings?.rangeStart ?? 0;
        const input = page.getByLabel(/^Værdi i/);
        for (const value of [start, start + 1]) {
          await input.fill(String(value));
          await input.press('Tab');
        }
        given.set(question.uniqueId, String(start + 1));
      } else if (question.type === 'multiple') {
        const free = question.options.flatMap((option, i) => (option.exclusive ? [] : [i]));
        await boxes.nth(free[0]!).click();
        await boxes.nth(free[1]!).click();
        given.set(
          question.uniqueId,
          JSON.stringify([question.options[free[0]!]!.answerId, question.options[free[1]!]!.answerId]),
        );
      } else {
        await radios.nth(0).click();
        await radios.nth(1).click();
        given.set(question.uniqueId, JSON.stringify([question.options[1]!.answerId]));
      }
      if (q === 4) {
        // SIGTERM as a service manager sends it, right after an answer was sent.
        exitCode = server.exited;
        process.kill(server.pid, 'SIGTERM');
      }
      if (q === 7) {
        expect(await exitCode, 'the server stopped cleanly').toBe(0);
        server = await startOwnServer(env, port);
      }
      if (q < 9) {
        const at = page.url();
        await page.getByRole('button', { name: 'Næste' }).click();
        await expect(page).not.toHaveURL(at);
      }
    }

    await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 120_000 }).toBe(0);
    await traffic.stop();
    const outcomes = attempts.reduce<Record<string, number>>(
      (n, a) => ({ ...n, [a.outcome]: (n[a.outcome] ?? 0) + 1 }),
      {},
    );
    console.log(
      `restart: ${given.size} questions answered twice; ${attempts.length} syncanswer requests over ` +
        `${new Set(attempts.map((a) => a.key)).size} keys (${JSON.stringify(outcomes)}); ` +
        `load: ${traffic.counts.ok} answered, ${traffic.counts.refused} refused, ${traffic.counts.failed} without a reply`,
    );

    // The load met the stop and the new server alike.
    expect(traffic.counts.failed + traffic.counts.refused).toBeGreaterThan(0);
    // Some answers waited for the server; nothing was refused but "shutting down" (503).
    expect(attempts.some((a) => a.outcome !== 200)).toBe(true);
    expectEachAnswerTakenOnce(attempts, given.keys(), [503]);
    // The restarted server, on the same database, holds the last value given to every question.
    const held = answerTexts(
      await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`),
    );
    expect(held).toEqual(given);
  } finally {
    await context.close();
    await request.dispose();
    await server?.close();
    database.remove();
  }
});
