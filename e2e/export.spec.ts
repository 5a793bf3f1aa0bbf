import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { expect, test } from './test';
import { demoToken, firstOrganizationDepartments, signInWithToken, tellPageItIsOffline } from './fixtures';

/** The download's text as Excel reads it: the BOM, then semicolon lines ended by CRLF. */
async function csvOf(download: Download): Promise<string[][]> {
  const text = await readFile((await download.path())!, 'utf8');
  expect(text.startsWith('\uFEFF'), 'UTF-8 with a byte order mark').toBe(true);
  expect(text.endsWith('\r\n')).toBe(true);
  // The demo's addresses and names hold no quotes or semicolons (tests/server/export.test.ts
  // reads those back).
  return text
    .slice(1, -2)
    .split('\r\n')
    .map((line) => line.split(';'));
}

async function exportNow(page: Page): Promise<string[][]> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Eksportér til Excel (CSV)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  return csvOf(download);
}

/**
 * The export (docs/api.md "Extensions"): the department list as filtered on screen, and the
 * active list as filtered, download as CSV that reads back to the rows the screen shows; offline
 * the button says why it cannot be used.
 */
test('the export downloads the rows on screen, and says offline why it is not available', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'the office exports; the button is the same on a phone');
  test.setTimeout(90_000);
  const token = await demoToken(request, 'skriver');
  const { departments } = await firstOrganizationDepartments(request, token);
  const department = [...departments]
    .filter((d) => d.propertiesCount > 0)
    .sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;

  // The smallest department, filtered by status as a link from the overview does it.
  await signInWithToken(page, token, `/departments/properties/${department.departmentId}?status=approved`);
  const table = page.getByRole('table');
  await expect(page.getByText(/^Viser \d+ af \d+ boliger$/)).toBeVisible();
  const shown = await table
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => (row as HTMLElement).innerText));
  expect(shown.length).toBeGreaterThan(0);
  const [header, ...rows] = await exportNow(page);
  expect(header!.slice(0, 3)).toEqual(['Afdeling', 'Adresse', 'Status']);
  expect(rows).toHaveLength(shown.length);
  rows.forEach((row, i) => {
    expect(row[0]).toBe(department.departmentName);
    expect(row[2]).toBe('Godkendt');
    // "Skovvej 3, 2. th., 8210": the street and the number in the row on screen, in its order.
    const [streetAndNumber] = row[1]!.split(', ');
    const number = streetAndNumber!.slice(streetAndNumber!.lastIndexOf(' ') + 1);
    const street = streetAndNumber!.slice(0, streetAndNumber!.lastIndexOf(' '));
    expect(shown[i]).toContain(street);
    expect(shown[i]).toContain(number);
    expect(row[4]).toMatch(/^\d\d-\d\d-\d{4}$/);
  });

  // The active list as filtered: the same rows as its items.
  await page.goto('/activeAssessments?status=calculated&sort=address');
  await expect(page.getByRole('heading', { level: 1, name: /^Aktive vurderinger \(\d+\)$/ })).toBeVisible();
  const addresses = await page
    .getByRole('main')
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.querySelector('a')?.textContent));
  const [, ...active] = await exportNow(page);
  expect(active.map((row) => row[1])).toEqual(addresses);
  expect(new Set(active.map((row) => row[2]))).toEqual(new Set(['Beregnet']));

  // Offline the server cannot make it: the button stays, disabled, and says why.
  await tellPageItIsOffline(context);
  const button = page.getByRole('button', { name: 'Eksportér til Excel (CSV)' });
  await expect(button).toBeDisabled();
  await expect(button).toHaveAccessibleDescription('Eksport kræver forbindelse til serveren.');
});
