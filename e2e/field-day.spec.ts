import type { Page } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import type { Question } from '../shared/rules/answer-validation';
import {
  answerCurrent,
  answerInARow,
  answerTexts,
  api,
  demoToken,
  firstOrganizationDepartments,
  navigateInApp,
  payloadAnswerText,
  signInWithToken,
  startScreeningAtTheDoor,
  storedOutbox,
  waitForServiceWorker,
} from './fixtures';

/**
 * A whole field day on one sign-in: the token's life runs out while the phone has no signal, and
 * the device goes on (docs/product.md 4 "Session"). A short token lifetime stands for the hour:
 * every answer of the server renews a token for the lifetime it was issued with.
 */

const TOKEN_TTL_S = 12;
const SAVED_UNTIL_SIGN_IN = 'Gemt på enheden – sendes, når du har logget ind igen';

/** The token's cookie expires with the token: gone means the token's life ran out. */
async function waitForTokenToExpire(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.cookie.includes('authentication_token=ey'), null, {
    timeout: (TOKEN_TTL_S + 10) * 1000,
    polling: 500,
  });
}

test('a field day: the token runs out offline, the work goes on, a new sign-in sends it all', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what the assessor carries');
  test.setTimeout(240_000);
  const token = await demoToken(request, 'skriver', TOKEN_TTL_S);
  // The spec's own look at the server outlives the phone's token.
  const apiToken = await demoToken(request, 'skriver');
  const { departments } = await firstOrganizationDepartments(request, apiToken);
  const department = [...departments]
    .filter((d) => d.propertiesCount > 0)
    .sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;
  const rows = await api<PropertyRow[]>(
    request,
    apiToken,
    `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
  );
  // From the end of the list: the specs that write in this department count from the front.
  const free = rows.filter((row) => row.assessmentId === null).at(-1)!;

  // 1. In the office, the department is taken along; in the basement the token runs out. The
  // app was installed before (its install does not eat into the short token's life).
  await page.goto('/');
  await waitForServiceWorker(page);
  await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
  await page.getByRole('button', { name: 'Tag afdelingen med offline' }).click();
  const status = page.getByRole('status', { name: 'Tag med offline' });
  await expect(status).toContainText(/boliger er taget med offline/, { timeout: 120_000 });
  await context.setOffline(true);
  await waitForTokenToExpire(page);
  const renewal = page.getByRole('status').filter({ hasText: 'Dit login er udløbet' });
  await expect(renewal).toContainText('Dine svar venter, til du har forbindelse og har logget ind igen.');
  for (let reload = 0; reload < 2; reload++) {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await expect(renewal).toBeVisible();
  }

  // 2. A residence taken along, never opened here: a screening started and ten answers given.
  const assessmentId = await startScreeningAtTheDoor(page, free);
  await answerInARow(page, 10, SAVED_UNTIL_SIGN_IN);
  // Still signed in on the device: the header is the signed-in one, with the way to the data.
  await expect(page.getByRole('link', { name: 'Offline-data' })).toBeVisible();
  const queued = (await storedOutbox(page)).filter((e) => e.assessmentId === assessmentId);
  const given = new Map<string, string | undefined>();
  for (const entry of queued.filter((e) => e.kind === 'answer'))
    given.set(entry.questionUniqueId!, payloadAnswerText(entry.payload ?? {}));
  expect(given.size).toBe(10);

  // 3. Back in signal: a sign-in in place, as the same user, returns to this question.
  const question = new URL(page.url()).pathname;
  await context.setOffline(false);
  await renewal.getByRole('link', { name: 'Log ind igen' }).click();
  await page.getByRole('button', { name: /Sofie Skriver/ }).click();
  await expect(page).toHaveURL(new RegExp(`${question}$`));
  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 60_000 }).toBe(0);
  const questions = await api<Question[]>(
    request,
    apiToken,
    `/api/v2/questions?assessmentId=${assessmentId}`,
  );
  const onServer = answerTexts(questions);
  for (const [uniqueId, text] of given) expect(onServer.get(uniqueId), uniqueId).toBe(text);
  await expect(renewal).toHaveCount(0);
  // What was taken along is still on the device.
  await context.setOffline(true);
  await navigateInApp(page, `/departments/properties/${department.departmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Taget med offline/ }).first()).toBeVisible();

  // 4. Answers waiting when another user signs in on this phone: they wait for their author, and
  // nothing of the first user's shows.
  await navigateInApp(page, question);
  await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
  await answerCurrent(page, 'second');
  await expect(page.getByText('Gemt på enheden – sendes, når du er online')).toBeVisible();
  const outboxButton = page.getByRole('button', { name: /^Se svar, der ikke er sendt/ });
  await expect(outboxButton).toBeVisible();
  // The context's route, not the page's: the service worker's Background Sync sends too.
  await context.route('**/api/v2/sync/syncanswer', (route) => route.abort());
  await context.setOffline(false);
  const other = await demoToken(request, 'flere');
  await signInWithToken(page, other);
  await expect(page.getByRole('heading', { level: 1, name: 'Vælg organisation' })).toBeVisible();
  const waiting = await storedOutbox(page);
  expect(waiting.length).toBeGreaterThan(0);
  expect(waiting.every((e) => e.assessmentId === assessmentId)).toBe(true);
  const firstUser = waiting[0]!.ssoUuid;
  expect(waiting.every((e) => e.ssoUuid === firstUser)).toBe(true);
  await page
    .getByRole('button', { name: /^Vælg / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hej/ })).toBeVisible();
  await navigateInApp(page, '/offline');
  await expect(page.getByRole('heading', { level: 1, name: 'Offline-data' })).toBeVisible();
  await expect(page.getByText(department.departmentName)).toHaveCount(0);
  await expect(outboxButton).toHaveCount(0);
  await context.unroute('**/api/v2/sync/syncanswer');
});
