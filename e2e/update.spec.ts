import { execFileSync } from 'node:child_process';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import type { ServerChild } from '../scripts/server-child';
import type { Question } from '../shared/rules/answer-validation';
import {
  answerInARow,
  answerTexts,
  api,
  demoToken,
  newAssessmentInSmallestDepartment,
  payloadAnswerText,
  startScreeningOnline,
  storedOutbox,
  waitForServiceWorker,
} from './fixtures';
import { copyOfDemoDatabase } from './demo-database';
import { startOwnServer } from './own-server';

/**
 * An update in the middle of the day loses nothing (docs/architecture.md 2 "Outbox rules"): answers
 * wait on the phone, a new release is installed (a new service worker and a Dexie schema step), the
 * user accepts it, and every answer is still queued and reaches the server. The second release is
 * this code built with one schema step more (VITE_E2E_NEXT_SCHEMA, src/offline/db.ts); a server of
 * the spec's own serves the first (the suite's build), then, restarted on the same port and
 * database, the second.
 */

const NEXT_RELEASE = 'dist-e2e-next';

test('answers queued on one release survive the update to the next and arrive once online', async ({
  browser,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one project is enough: the update is the same');
  test.setTimeout(240_000);
  execFileSync('npx', ['vite', 'build', '--outDir', NEXT_RELEASE, '--logLevel', 'error'], {
    env: { ...process.env, VITE_E2E_NEXT_SCHEMA: '1' },
    stdio: 'inherit',
  });
  const database = copyOfDemoDatabase();
  let server: ServerChild = await startOwnServer({ DATABASE_URL: database.databaseUrl });
  const base = server.base;
  const port = Number(new URL(base).port);
  const request = await playwrightRequest.newContext({ baseURL: base });
  const context = await browser.newContext({
    ...testInfo.project.use,
    baseURL: base,
    serviceWorkers: 'allow',
  });
  try {
    const token = await demoToken(request, 'skriver');
    const assessment = await newAssessmentInSmallestDepartment(request, token);
    const page = await context.newPage();
    await startScreeningOnline(page, token, assessment);
    await waitForServiceWorker(page);

    // Answers typed without signal wait on the device.
    await context.setOffline(true);
    await answerInARow(page, 2, 'Gemt på enheden – sendes, når du er online');
    const queued = (await storedOutbox(page)).filter((e) => e.kind === 'answer');
    expect(queued).toHaveLength(2);

    // The next release is deployed; the phone finds it while answers still cannot be sent.
    await server.close();
    server = await startOwnServer({ DATABASE_URL: database.databaseUrl, STATIC_DIR: NEXT_RELEASE }, port);
    await context.route('**/api/v2/sync/syncanswer', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.getByRole('status').filter({ hasText: 'Der er en ny version af appen.' });
    await expect(prompt).toBeVisible({ timeout: 30_000 });
    const question = page.url();
    // The new release's database: one version up (Dexie opens version n as n * 10), every answer
    // still there, the same question.
    const before = await databaseVersion(page);
    expect(before).toBeGreaterThan(0);
    await prompt.getByRole('button', { name: 'Opdatér nu' }).click();
    // The page reloads into the new release meanwhile: asked again.
    await expect.poll(() => databaseVersion(page).catch(() => 0), { timeout: 30_000 }).toBe(before + 10);
    await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
    expect(page.url()).toBe(question);
    const after = (await storedOutbox(page)).filter((e) => e.kind === 'answer');
    expect(after.map((e) => e.questionUniqueId)).toEqual(queued.map((e) => e.questionUniqueId));

    // Signal for answers again: they arrive, each as given.
    await context.unroute('**/api/v2/sync/syncanswer');
    await context.setOffline(true);
    await context.setOffline(false);
    await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 60_000 }).toBe(0);
    const onServer = answerTexts(
      await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessment.assessmentId}`),
    );
    for (const entry of queued)
      expect(onServer.get(entry.questionUniqueId!)).toBe(payloadAnswerText(entry.payload ?? {}));
  } finally {
    await context.close();
    await request.dispose();
    await server.close();
    database.remove();
  }
});

/** IndexedDB's version of the app's database as the page sees it (0 when it cannot open it). */
function databaseVersion(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('boligtilgaengelighed');
        open.onsuccess = () => {
          resolve(open.result.version);
          open.result.close();
        };
        open.onerror = () => resolve(0);
      }),
  );
}
