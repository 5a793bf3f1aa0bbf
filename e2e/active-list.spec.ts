import { expect, test } from './test';
import type { AssessmentListEntry } from '../shared/contract/dto';
import {
  api,
  demoToken,
  expectAccessible,
  firstOrganizationDepartments,
  freeResidenceInSmallestDepartment,
  signInWithToken,
} from './fixtures';

/** The token's sso_uuid claim: who "Mine" means. */
const ssoOf = (token: string) =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sso_uuid: string }).sso_uuid;

/**
 * The active list's filters (docs/product.md 2 "/activeAssessments"): "Kun mine", status and
 * department, and the order, live in the URL; the count in the title follows them, and a reload
 * and the browser's Back keep them.
 */
test('the active list: Mine, status and department filters survive a reload and Back', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await demoToken(request, 'flere');
  const { organization } = await firstOrganizationDepartments(request, token);
  // Two drafts of flere's own in the smallest department: one to find again by its status.
  const first = await freeResidenceInSmallestDepartment(request, token);
  await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${first.residence.residenceId}`,
  );
  const second = await freeResidenceInSmallestDepartment(request, token);
  await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${second.residence.residenceId}`,
  );
  const department = first.department;
  // What the filters must show, from the list as the server answers it.
  const all = await api<AssessmentListEntry[]>(
    request,
    token,
    `/api/v2/assessment/getactiveassessments?organizationId=${organization.id}`,
  );
  const me = ssoOf(token);
  const mine = all.filter((a) => a.createdBy === me || a.changedBy === me);
  const mineHere = mine.filter((a) => a.departmentId === department.departmentId);
  expect(mineHere.length).toBeGreaterThanOrEqual(2);

  await signInWithToken(page, token);
  await page.getByRole('button', { name: `Vælg ${organization.name}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: /^Hej/ })).toBeVisible();
  await page.goto('/activeAssessments');
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toHaveText(`Aktive vurderinger (${all.length})`);
  await expectAccessible(page, `active list (${testInfo.project.name})`);
  if (testInfo.project.name !== 'desktop') return;

  await page.getByRole('switch', { name: /Kun mine/ }).check();
  await expect(heading).toHaveText(`Aktive vurderinger (${mine.length})`);
  await page.getByRole('combobox', { name: 'Afdeling' }).selectOption({ label: department.departmentName });
  await expect(heading).toHaveText(`Aktive vurderinger (${mineHere.length})`);
  await expect(page.getByText(`Viser ${mineHere.length} af ${all.length} aktive vurderinger`)).toBeVisible();
  await expect(page).toHaveURL(/mine=true/);
  await expect(page).toHaveURL(new RegExp(`department=${department.departmentId}`));
  const rows = page.getByRole('main').getByRole('listitem');
  await expect(rows).toHaveCount(mineHere.length);

  // The URL holds the view: a reload shows the same.
  await page.reload();
  await expect(heading).toHaveText(`Aktive vurderinger (${mineHere.length})`);
  await expect(page.getByRole('switch', { name: /Kun mine/ })).toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Afdeling' })).toHaveValue(department.departmentId);

  // Into a residence and Back: still filtered.
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/residence\//);
  // The header's way back returns to the list as filtered, as the browser's Back does.
  await expect(page.getByRole('banner').getByRole('link', { name: /^Tilbage/ })).toHaveAttribute(
    'href',
    /^\/activeAssessments\?.*mine=true/,
  );
  await page.goBack();
  await expect(heading).toHaveText(`Aktive vurderinger (${mineHere.length})`);

  // By status, in the order of addresses.
  await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Kladde' });
  const drafts = mineHere.filter((a) => a.assessmentStatus === 'draft' && !a.isCalculated);
  await expect(heading).toHaveText(`Aktive vurderinger (${drafts.length})`);
  await page.getByRole('combobox', { name: 'Sortér efter' }).selectOption({ label: 'Adresse' });
  await expect(page).toHaveURL(/sort=address/);
  const collator = new Intl.Collator('da', { numeric: true, sensitivity: 'base' });
  const expected = drafts.map((a) => a.location).sort(collator.compare);
  await expect
    .poll(() => rows.evaluateAll((items) => items.map((li) => li.querySelector('a')?.textContent)))
    .toEqual(expected);

  // Nulstil filtre: everything again, the order kept.
  await page.getByRole('button', { name: 'Nulstil filtre' }).click();
  await expect(heading).toHaveText(`Aktive vurderinger (${all.length})`);
  await expect(page).toHaveURL(/sort=address/);
  await expect(page).not.toHaveURL(/mine=/);
});
