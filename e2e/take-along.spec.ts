import { expect, test, type APIRequestContext } from '@playwright/test';
import type { Department, PropertyRow } from '../src/api/dto';
import { api, demoToken, expectAccessible, isDemoAssessment, signInWithToken } from './fixtures';

/**
 * Issue 12, "Tag med offline": a department is taken along online; offline, after a restart
 * from the persisted state, a residence never opened before and its assessment's question open,
 * and the storage panel lists the department with the date it was fetched. The smallest
 * department of at least 100 residences with drafts to open keeps the suite fast; the big one
 * is npm run bench:offline's.
 */

const today = () => {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Copenhagen' }));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${pad(now.getFullYear() % 100)}`;
};

async function departmentToTake(request: APIRequestContext, token: string) {
  const [organization] = await api<{ id: string }[]>(
    request,
    token,
    '/api/v2/organizations/getorganizations',
  );
  const departments = await api<Department[]>(
    request,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization!.id}`,
  );
  for (const department of departments
    .filter((d) => d.propertiesCount >= 100)
    .sort((a, b) => a.propertiesCount - b.propertiesCount)) {
    const rows = await api<PropertyRow[]>(
      request,
      token,
      `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
    );
    if (draftResidences(rows).length > 3) return { department, rows };
  }
  throw new Error('no department of 100 residences or more with drafts to open');
}

/** Residences with one draft of the demo data each. */
function draftResidences(rows: PropertyRow[]): PropertyRow[] {
  const byResidence = new Map<string, PropertyRow[]>();
  for (const row of rows)
    byResidence.set(row.residenceId, [...(byResidence.get(row.residenceId) ?? []), row]);
  return [...byResidence.values()]
    .filter(
      (group) =>
        group.length === 1 &&
        isDemoAssessment(group[0]!.assessmentId) &&
        group[0]!.assessmentStatus === 'draft' &&
        !group[0]!.isCalculated,
    )
    .map((group) => group[0]!);
}

/** A residence with one draft of the demo data, from the end of the list (other specs count from the front). */
function draftResidence(rows: PropertyRow[]): PropertyRow {
  const candidates = draftResidences(rows);
  expect(candidates.length).toBeGreaterThan(3);
  return candidates.at(-3)!;
}

test.describe('take along', () => {
  test('a department is taken along and opens offline after a restart', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one run on the phone is enough');
    test.setTimeout(420_000);
    const token = await demoToken(request, 'skriver');
    const { department, rows } = await departmentToTake(request, token);
    const residence = draftResidence(rows);

    await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 30_000 });

    await page.getByRole('button', { name: 'Tag afdelingen med offline' }).click();
    const status = page.getByRole('status', { name: 'Tag med offline' });
    await expect(status).toContainText(/Henter til offline: \d+ af \d+ boliger/, { timeout: 60_000 });
    await expect(status).toContainText(/boliger er taget med offline/, { timeout: 360_000 });
    await expect(page.getByRole('img', { name: /^Taget med offline/ }).first()).toBeVisible();

    // A restart without a network: the app, the department and its residences come from the device.
    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Taget med offline' }).first()).toBeVisible();

    // A residence never opened before, then its draft's question.
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/residence/${residence.residenceId}`);
    await expect(page.getByRole('heading', { level: 1, name: residence.location })).toBeVisible();
    await page.getByRole('link', { name: /^Fortsæt vurderingen/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/assessment/${residence.residenceId}/${residence.assessmentId}/`),
    );
    await expect(
      page
        .getByRole('radio')
        .or(page.getByRole('checkbox'))
        .or(page.getByLabel(/^Værdi i/))
        .first(),
    ).toBeVisible();

    // The storage panel, still offline.
    await page.evaluate(() => {
      history.pushState({}, '', '/offline');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('heading', { level: 1, name: 'Offline-data' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: department.departmentName });
    await expect(item).toContainText(`${department.propertiesCount} boliger · hentet ${today()}`);
    await expect(
      item.getByRole('button', { name: `Fjern ${department.departmentName} fra enheden` }),
    ).toBeVisible();
    await expectAccessible(page, 'storage panel');
    await context.setOffline(false);
  });
});
