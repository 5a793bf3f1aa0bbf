import { expect, test } from './test';
import { bigDepartment, demoToken, markGuidanceTipsShown, signInWithToken } from './fixtures';

/**
 * Taps the moment a screen shows (docs/architecture.md 2 "Routes own access and data").
 *
 * A tap on "Vælg" right after /organizations shows must choose the organization. It was once lost
 * about half the time in the first second (the user stayed on the list): src/routes/__root.tsx
 * says why.
 */
test('choosing an organization the moment the list shows lands home, 20 sign-ins in a row', async ({
  browser,
  baseURL,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one project is enough: the race is not about size');
  // Twenty sign-ins of 2 to 6 s each, more when the long specs beside it take the CPU (120 s ran
  // out on CI's two cores behind the photo specs): the test is about each tap, not the time.
  test.setTimeout(300_000);
  const failures: number[] = [];
  for (let i = 0; i < 20; i++) {
    const context = await browser.newContext({ ...testInfo.project.use, baseURL });
    const page = await context.newPage();
    await markGuidanceTipsShown(page);
    await page.goto('/');
    await page.getByRole('link', { name: 'Log ind' }).click();
    await page.getByRole('button', { name: /Flere/ }).click();
    const choose = page.getByRole('button', { name: /^Vælg / }).nth(i % 3);
    await choose.waitFor();
    // At once: no waiting for the page to settle (the tap itself may take a moment on a busy machine).
    await choose.tap({ noWaitAfter: true });
    const home = await page
      .getByRole('heading', { level: 1, name: /^Hej/ })
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
    if (!home) failures.push(i + 1);
    await context.close();
  }
  expect(failures, 'sign-ins that stayed on the list').toEqual([]);
});

/**
 * The residence page's way into a complete draft stays where it showed: its card's score
 * table once came a moment after the card and pushed "Gå til godkendelse" 212 px down, so a
 * tap the moment the button showed landed on the table (a CI run stayed on the residence).
 * The results page's table stood above its approve buttons the same way. The scores answer
 * 800 ms late here, so that the old order shows every time.
 */
test('the buttons of a residence card and of the results stay where they showed while the scores arrive', async ({
  page,
  request,
}, testInfo) => {
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const perResidence = new Map<string, number>();
  for (const row of rows) perResidence.set(row.residenceId, (perResidence.get(row.residenceId) ?? 0) + 1);
  const complete = rows.filter(
    (r) => perResidence.get(r.residenceId) === 1 && r.assessmentStatus === 'draft' && r.isCalculated,
  );
  // One of its own per project, from the middle: other specs take from the ends.
  const row = complete[Math.floor(complete.length / 2) + (testInfo.project.name === 'phone' ? 1 : 0)]!;
  await page.context().route('**/api/v2/assessment/getassessmentscores*', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 800));
    await route.continue();
  });
  await signInWithToken(page, token, `/residence/${row.residenceId}`);
  const button = page.getByRole('link', { name: /^Gå til godkendelse: Vurdering .*, Beregnet$/ });
  await button.waitFor();
  const shown = await button.boundingBox();
  await expect(page.getByRole('row', { name: /^Kørestolsbrugere / })).toBeVisible();
  expect(await button.boundingBox()).toEqual(shown);
  await button.click();
  await expect(page).toHaveURL(new RegExp(`/results/${row.residenceId}/${row.assessmentId}$`));

  // The results page reads the scores afresh, above its approve buttons: the same.
  const approve = page.getByRole('button', { name: 'Godkend nu' });
  await approve.waitFor();
  const approveShown = await approve.boundingBox();
  await expect(page.getByRole('table', { name: 'Egnethed for brugergrupper' })).toBeVisible();
  expect(await approve.boundingBox()).toEqual(approveShown);
});
