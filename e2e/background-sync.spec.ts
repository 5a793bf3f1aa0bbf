import { expect, test } from './test';
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

/**
 * Sending with the app closed (docs/architecture.md 2 "Outbox rules"): answers queued offline reach
 * the server when the connection returns with no page of the app open. Playwright's
 * setOffline(false) tells Chromium's Background Sync nothing, so the spec fires the sync event as
 * Chromium does, through the DevTools protocol.
 */

test('answers queued offline are sent by the service worker with every page closed', async ({
  context,
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one project is enough: the worker is the same');
  const token = await demoToken(request, 'skriver');
  const assessment = await newAssessmentInSmallestDepartment(request, token);
  await startScreeningOnline(page, token, assessment);
  await waitForServiceWorker(page);

  await context.setOffline(true);
  await answerInARow(page, 3, 'Gemt på enheden – sendes, når du er online');
  const given = new Map<string, string | undefined>();
  for (const entry of await storedOutbox(page))
    if (entry.kind === 'answer' && entry.assessmentId === assessment.assessmentId)
      given.set(entry.questionUniqueId!, payloadAnswerText(entry.payload ?? {}));
  expect(given.size).toBe(3);
  const origin = new URL(page.url()).origin;

  // Every page of the app closed; a blank page only to reach the DevTools protocol.
  await page.close();
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrationId = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((r) => r.scopeURL.startsWith(origin) && !r.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  await context.setOffline(false);
  // Chromium may fire the sync itself when the emulated network returns; either way it is the
  // worker that sends, with no page of the app open.
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin,
    registrationId: await registrationId,
    tag: 'bt-outbox',
    lastChance: false,
  });

  await expect
    .poll(
      async () => {
        const questions = await api<Question[]>(
          request,
          token,
          `/api/v2/questions?assessmentId=${assessment.assessmentId}`,
        );
        const onServer = answerTexts(questions);
        return [...given.keys()].filter((id) => onServer.get(id) === given.get(id)).length;
      },
      { timeout: 30_000 },
    )
    .toBe(3);
  expect(context.pages().filter((p) => p.url().startsWith(origin))).toEqual([]);
});
