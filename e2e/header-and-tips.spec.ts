import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { Department, PropertyRow } from '../shared/contract/dto';
import type { GuidanceSettings } from '../shared/contract/static-content';
import { api, bigDepartment, demoToken, expectAccessible, signInWithToken } from './fixtures';

/** The tips' texts as the server hands them out (docs/product.md 4 "Guidance tips"). */
async function guidanceTexts(request: APIRequestContext): Promise<GuidanceSettings> {
  const response = await request.get('/api/v2/staticcontent');
  expect(response.status()).toBe(200);
  return ((await response.json()) as { guidanceSettings: GuidanceSettings }).guidanceSettings;
}

const tipDialog = (page: Page) => page.getByRole('dialog');

test.describe('guidance tips', () => {
  test('the first visit of a residence list opens its tip by itself, steps through all four, and stays closed after a reload', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const { department } = await bigDepartment(request, token);
    const tips = await guidanceTexts(request);
    await signInWithToken(page, token, `/departments/properties/${department.departmentId}`, { tips: 'new' });

    // Opened by itself on the first visit, over the list.
    const dialog = tipDialog(page);
    await expect(dialog).toBeVisible();
    await expect(page.getByRole('dialog', { name: tips.firstListVisitGuidance.title })).toBeVisible();
    await expect(dialog.getByText('Tip 1 af 4')).toBeVisible();
    await expect(dialog.getByText(tips.firstListVisitGuidance.body)).toBeVisible();
    await expectAccessible(page, 'guidance tip dialog');
    await dialog.getByRole('button', { name: 'Luk' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();

    // The list's second tip has not been shown yet: the button says so, and opens there.
    const highlighted = page.getByRole('button', { name: 'Se tip Nyt tip' });
    await expect(highlighted).toBeVisible();
    await highlighted.click();
    await expect(page.getByRole('dialog', { name: tips.copyThenListGuidance.title })).toBeVisible();
    await expect(dialog.getByText('Tip 2 af 4')).toBeVisible();

    await dialog.getByRole('button', { name: 'Forrige' }).click();
    await expect(page.getByRole('dialog', { name: tips.firstListVisitGuidance.title })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Forrige' })).toHaveAttribute('aria-disabled', 'true');
    const next = dialog.getByRole('button', { name: 'Næste' });
    await next.click();
    await next.click();
    await expect(page.getByRole('dialog', { name: tips.copyThenSelectThenListGuidance.title })).toBeVisible();
    await expect(dialog.getByText('Tip 3 af 4')).toBeVisible();
    // The keyboard works the dialog too.
    await next.press('Enter');
    await expect(page.getByRole('dialog', { name: tips.summaryPageGuidance.title })).toBeVisible();
    await expect(dialog.getByText('Tip 4 af 4')).toBeVisible();
    await expect(next).toHaveAttribute('aria-disabled', 'true');
    await expect(next).toBeFocused();
    await expectAccessible(page, 'guidance tip dialog at its last tip');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Every tip has been shown: nothing is new, and a reload opens nothing by itself.
    await expect(page.getByRole('button', { name: 'Se tip', exact: true })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    const button = page.getByRole('button', { name: 'Se tip', exact: true });
    await expect(button).toBeVisible();
    await expect(dialog).toHaveCount(0);

    await button.click();
    await expect(page.getByRole('dialog', { name: tips.firstListVisitGuidance.title })).toBeVisible();
    // The dialog fades in where it stands (src/app/theme.ts): a tap the moment it shows lands
    // where the user sees "Luk", not beside a button still sliding into place.
    expect(await dialog.evaluate((element) => getComputedStyle(element).transform)).toBe('none');
    await expect(dialog.getByText('Tip 1 af 4')).toBeVisible();
    await dialog.getByRole('button', { name: 'Luk' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });
});

/** A residence of Freja Flere's last organization with an approved (or else any) assessment. */
async function residenceWithAssessment(request: APIRequestContext, token: string) {
  const organizations = await api<{ id: string; name: string }[]>(
    request,
    token,
    '/api/v2/organizations/getorganizations',
  );
  const organization = organizations.at(-1)!;
  const departments = await api<Department[]>(
    request,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization.id}`,
  );
  for (const department of departments.filter((d) => d.propertiesCount > 0)) {
    const rows = await api<PropertyRow[]>(
      request,
      token,
      `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
    );
    const row =
      rows.find((r) => r.assessmentId && r.assessmentStatus === 'approved') ??
      rows.find((r) => r.assessmentId);
    if (row) return { organization, department, row };
  }
  throw new Error('no residence with an assessment');
}

test.describe('header variants', () => {
  test('the residence shows a back bar to its department; the form has no service message, banner or search', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'flere');
    const { organization, department, row } = await residenceWithAssessment(request, token);
    await signInWithToken(page, token);
    await page.getByRole('button', { name: `Vælg ${organization.name}` }).click();
    const header = page.getByRole('banner');

    // Home: the default header with logo and search, the service message and the banner.
    await expect(page.getByRole('heading', { level: 1, name: 'Hej Freja Flere' })).toBeVisible();
    await expect(header.getByRole('textbox', { name: 'Søg efter bolig' })).toBeVisible();
    await expect(header.getByRole('region', { name: 'Driftsbesked' })).toBeVisible();
    await expect(header.getByText(`Du arbejder i ${organization.name}`)).toBeVisible();

    // The residence: a back bar instead of logo and search, one way back on the whole page.
    await page.goto(`/residence/${row.residenceId}`);
    await expect(page.getByRole('heading', { level: 2, name: 'Vurderinger' })).toBeVisible();
    const back = header.getByRole('link', { name: `Tilbage til afdelingen ${department.departmentName}` });
    await expect(back).toHaveAttribute('href', `/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('link', { name: /^Tilbage/ })).toHaveCount(1);
    await expect(header.getByRole('textbox', { name: 'Søg efter bolig' })).toHaveCount(0);
    await expect(header.getByText(`Du arbejder i ${organization.name}`)).toBeVisible();
    await expectAccessible(page, 'residence with the back bar');

    // The form: a compact bar (its own top bar holds the way back), no service message or banner.
    await page.goto(`/assessment/${row.residenceId}/${row.assessmentId}/screening/001`);
    const formBack = page
      .getByRole('link', { name: 'Tilbage til boligen' })
      .or(page.getByRole('button', { name: 'Gem svar og gå tilbage' }));
    await expect(formBack).toBeVisible();
    await expect(header.getByRole('link', { name: /^Tilbage/ })).toHaveCount(0);
    await expect(header.getByRole('textbox', { name: 'Søg efter bolig' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Driftsbesked' })).toHaveCount(0);
    await expect(page.getByText(`Du arbejder i ${organization.name}`)).toHaveCount(0);
    await expect(header.getByRole('link', { name: 'Boligtilgængelighed – gå til forsiden' })).toBeVisible();

    // Back on the residence and, through the back bar, on the department's list.
    await page.goto(`/residence/${row.residenceId}`);
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/departments/properties/${department.departmentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await expect(header.getByRole('textbox', { name: 'Søg efter bolig' })).toBeVisible();
  });

  test('a residence opened from a list goes back to that list', async ({ page, request }) => {
    const token = await demoToken(request, 'skriver');
    const { rows } = await bigDepartment(request, token);
    const query = `${rows[0]!.streetName} ${rows[0]!.streetNumber}`;
    await signInWithToken(page, token, `/properties/search/${encodeURIComponent(query)}`);
    const hit = page.getByRole('main').getByRole('link').filter({ hasText: rows[0]!.streetName }).first();
    await hit.click();
    await expect(page).toHaveURL(/\/residence\//);
    const back = page.getByRole('banner').getByRole('link', { name: 'Tilbage til listen' });
    await expect(back).toBeVisible();
    // Back within the app, not a new page load (which would need the network).
    const loadedAt = await page.evaluate(() => performance.timeOrigin);
    await back.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/properties\/search\//);
    expect(await page.evaluate(() => performance.timeOrigin)).toBe(loadedAt);
  });

  test('the results of an assessment go back to the residence from the header, and to the form from the page', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { rows } = await bigDepartment(request, token);
    const calculated = rows.filter((r) => r.assessmentId && r.assessmentStatus === 'draft' && r.isCalculated);
    const row = calculated[testInfo.project.name === 'phone' ? 1 : 0]!;
    await signInWithToken(page, token, `/results/${row.residenceId}/${row.assessmentId}`);
    const back = page.getByRole('banner').getByRole('link', { name: 'Tilbage til boligen' });
    await expect(back).toHaveAttribute('href', `/residence/${row.residenceId}`);
    await expect(page.getByRole('main').getByRole('link', { name: 'Tilbage til vurderingen' })).toBeVisible();
    await back.click();
    await expect(page).toHaveURL(new RegExp(`/residence/${row.residenceId}$`));
  });
});
