import { expect, test } from './test';
import {
  demoToken,
  expectAccessible,
  navigateInApp,
  signInWithToken,
  tellPageItIsOffline,
  waitForServiceWorker,
} from './fixtures';

/**
 * The office's overview (docs/api.md "Extensions"): reached from home, each status number leads
 * to the department's list filtered by that status, which holds exactly that many residences;
 * a reload and Back keep the filter (it is in the URL). Only reads: the figures are the demo's.
 */
test('the overview: its numbers are the filtered department lists they link to', async ({
  page,
  request,
}, testInfo) => {
  const token = await demoToken(request, 'skriver');
  await signInWithToken(page, token, '/');
  await page
    .getByRole('link', { name: /^Overblik/ })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Overblik' })).toBeVisible();
  const departments = page.getByRole('table', { name: 'Afdelinger' });
  await expect(departments).toBeVisible();
  await expect(page.getByRole('table', { name: 'Egnethed for brugergrupper' })).toBeVisible();
  // The chart's legend in the order of its bars, best first (recharts sorts it by name).
  await expect(page.locator('.mantine-ChartLegend-legendItemName')).toHaveText([
    'Egnet',
    'Delvist egnet',
    'Ikke egnet',
  ]);
  await expectAccessible(page, 'overview');
  // The page never scrolls sideways; on a phone the suitability table scrolls in its own box,
  // which the keyboard can reach.
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  const sideways = page.getByRole('region', { name: 'Egnethed i tal, kan rulles vandret' });
  if (testInfo.project.name !== 'desktop') {
    await expect(sideways).toBeVisible();
    await expect(sideways).toHaveAttribute('tabindex', '0');
    return;
  }
  await expect(sideways).toHaveCount(0);

  // Every kind of number, in the smallest department that has one of each.
  const links = departments.getByRole('link', { name: /: vis dem$/ });
  const count = await links.count();
  expect(count).toBeGreaterThan(3);
  const statusLinks = [];
  for (let i = 0; i < count; i++) {
    const name = (await links.nth(i).getAttribute('aria-label'))!;
    statusLinks.push({ name, count: Number(await links.nth(i).textContent()) });
  }
  for (const label of ['Ikke påbegyndt', 'Kladde', 'Beregnet', 'Godkendt']) {
    const link = statusLinks.find((l) => l.name.includes(` ${label} i `))!;
    expect(link, label).toBeDefined();
    await departments.getByRole('link', { name: link.name, exact: true }).click();
    await expect(page.getByText(new RegExp(`^Viser ${link.count} af \\d+ boliger$`))).toBeVisible();
    // The filter is in the URL: a reload keeps it.
    await page.reload();
    await expect(page.getByText(new RegExp(`^Viser ${link.count} af \\d+ boliger$`))).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Overblik' })).toBeVisible();
  }
});

test('offline the overview says it is not on the device and opens when the connection returns', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the office opens it; the rule is the same on a phone');
  const token = await demoToken(request, 'skriver');
  await signInWithToken(page, token, '/');
  await waitForServiceWorker(page);
  await expect(page.getByRole('link', { name: 'Overblik over afdelingerne' })).toBeVisible();
  await tellPageItIsOffline(context);
  await navigateInApp(page, '/overview');
  await expect(page.getByRole('heading', { level: 1, name: 'Siden er ikke på enheden' })).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByRole('heading', { level: 1, name: 'Overblik' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Afdelinger' })).toBeVisible();
});
