import type { Page } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import type { Question } from '../shared/rules/answer-validation';
import {
  answerControls,
  answerTexts,
  api,
  demoToken,
  expectAccessible,
  firstOrganizationDepartments,
  navigateInApp,
  signInWithToken,
  newAssessmentInSmallestDepartment,
  startScreeningOnline,
  storedOutbox,
  waitForServiceWorker,
} from './fixtures';

/**
 * Lie-fi is offline (docs/architecture.md 2 "Lie-fi is offline"): the browser says it is online
 * (navigator.onLine stays true) while every request to the server hangs or fails. The device
 * shows what it has, says it is offline, keeps answers on the device and sends them when
 * requests get through again.
 */

/** Every request to the server, the API and the probe, never answered. */
const SERVER = /\/(api|healthz)(\/|$|\?)/;

async function choiceChecked(page: Page): Promise<string | null> {
  const checked = page.getByRole('radio', { checked: true });
  if ((await checked.count()) === 0) return null;
  return checked
    .first()
    .evaluate(
      (el) =>
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        (el.textContent || null),
    );
}

test('a connection that passes nothing: the reload shows the same question from the device, answers wait, and go when it passes again', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what meets lie-fi');
  test.setTimeout(120_000);
  const token = await demoToken(request, 'skriver');
  const assessment = await newAssessmentInSmallestDepartment(request, token);
  await startScreeningOnline(page, token, assessment);
  await waitForServiceWorker(page);

  // Online: two answers, each on the server.
  const answered: (string | null)[] = [];
  for (let i = 0; i < 2; i++) {
    await page.getByRole('radio').first().click();
    await expect(page.getByText('Gemt', { exact: true })).toBeVisible();
    answered.push(await choiceChecked(page));
    if (i === 0) {
      const at = page.url();
      await page.getByRole('button', { name: 'Næste' }).click();
      await expect(page).not.toHaveURL(at);
    }
  }
  const question = page.url();
  const path = `/api/v2/questions?assessmentId=${assessment.assessmentId}`;
  await expect.poll(async () => answerTexts(await api<Question[]>(request, token, path)).size).toBe(2);
  const before = answerTexts(await api<Question[]>(request, token, path));
  // The persisted cache is written at most every 300 ms.
  await page.waitForTimeout(600);

  // Lie-fi: the browser is online, the server never answers.
  await context.route(SERVER, () => undefined);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);
  const started = Date.now();
  await page.reload();
  await expect(answerControls(page).first()).toBeVisible({ timeout: 5_000 });
  testInfo.annotations.push({ type: 'reload under lie-fi', description: `${Date.now() - started} ms` });
  expect(page.url()).toBe(question);
  expect(answered[1]).not.toBeNull();
  expect(await choiceChecked(page)).toBe(answered[1]);
  await page.getByRole('button', { name: 'Forrige' }).click();
  await expect(page).not.toHaveURL(question);
  expect(await choiceChecked(page)).toBe(answered[0]);
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page).toHaveURL(question);

  // Requests that fail at once rather than hang: the app counts as offline after a few.
  await context.unroute(SERVER);
  await context.route(SERVER, (route) => route.abort('internetdisconnected'));
  await page.getByRole('radio').nth(1).click();
  await expect(page.getByText('Offline', { exact: true })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Gemt på enheden – sendes, når du er online')).toBeVisible();
  const changed = await choiceChecked(page);
  expect(changed).not.toBeNull();
  expect(changed).not.toBe(answered[1]);
  expect(await page.evaluate(() => navigator.onLine)).toBe(true);

  // Requests get through again: no online event fires, the app's probe finds the server.
  await context.unroute(SERVER);
  await expect(page.getByText('Offline', { exact: true })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 30_000 }).toBe(0);
  const after = answerTexts(await api<Question[]>(request, token, path));
  expect([...after.keys()]).toEqual([...before.keys()]);
  // The first answer as it was, the second as changed under lie-fi.
  const [first, second] = [...before.keys()];
  expect(after.get(first!)).toBe(before.get(first!));
  expect(after.get(second!)).not.toBe(before.get(second!));
});

test("a search on a connection that passes nothing shows the device's residences after a moment, and says why", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what meets lie-fi');
  const token = await demoToken(request, 'skriver');
  const { departments } = await firstOrganizationDepartments(request, token);
  const department = [...departments].sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;
  const rows = await api<PropertyRow[]>(
    request,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
  );
  const residence = rows[0]!;
  // A department's list that was open is on the device, and the device's search finds its residences.
  await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
  await expect(page.getByRole('link', { name: residence.location }).first()).toBeVisible();
  // The persisted cache is written at most every 300 ms.
  await page.waitForTimeout(600);

  await context.route(SERVER, () => undefined);
  const box = page.getByRole('banner').getByRole('textbox', { name: 'Søg efter bolig' });
  const started = Date.now();
  await box.fill(`${residence.streetName} ${residence.streetNumber}`);
  await expect(page.getByText('Intet svar fra serveren endnu: viser boliger på enheden')).toBeVisible({
    timeout: 6_000,
  });
  await expect(page.getByRole('option', { name: residence.location })).toBeVisible();
  testInfo.annotations.push({ type: 'device hits under lie-fi', description: `${Date.now() - started} ms` });

  // Every hit: the results page does not wait for the request's time-out either.
  await box.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: /på enheden\)$/ })).toBeVisible({
    timeout: 6_000,
  });
  await expect(
    page.getByText(
      'Serveren har ikke svaret endnu. Indtil den gør, viser søgningen kun boliger, der er gemt på enheden.',
    ),
  ).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: residence.location })).toBeVisible();
});

test('a page that is not on the device says after a moment that the server has not answered, and opens when it does', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what meets lie-fi');
  const token = await demoToken(request, 'skriver');
  await signInWithToken(page, token, '/');
  await expect(page.getByRole('link', { name: 'Overblik over afdelingerne' })).toBeVisible();

  // The overview was never opened: nothing of it is on the device. Its requests are held.
  const held: { continue(): Promise<void> }[] = [];
  let passing = false;
  await context.route(SERVER, (route) => (passing ? route.continue() : void held.push(route)));
  const started = Date.now();
  await navigateInApp(page, '/overview');
  await expect(page.getByText('Serveren har ikke svaret endnu')).toBeVisible({ timeout: 6_000 });
  testInfo.annotations.push({ type: 'note under lie-fi', description: `${Date.now() - started} ms` });
  await expect(page.getByRole('status', { name: 'Indlæser …' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Gå til forsiden' })).toBeVisible();
  await expectAccessible(page, 'a page waiting for the server');

  // The server answers at last: the page shows, without a tap.
  passing = true;
  // One the page gave up on meanwhile is no longer there to let through.
  for (const route of held.splice(0)) await route.continue().catch(() => undefined);
  await expect(page.getByRole('heading', { level: 1, name: 'Overblik' })).toBeVisible();
  await expect(page.getByText('Serveren har ikke svaret endnu')).toBeHidden();
});
