import { expect, test } from './test';
import { NO_DATE } from '../shared/rules/statuses';
import {
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  freeResidenceInSmallestDepartment,
  isDemoAssessment,
  signInWithToken,
} from './fixtures';

/**
 * The history of an assessment (docs/domain.md 5.6) on the residence screen: a copy made and an
 * approval done in this test show in its timeline, with who did them; an assessment card shows
 * it only when asked, so the card keeps its size while the screen loads.
 */
test('the history shows a copy and an approval done in this test, by whom', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const source = rows.find(
    (r) =>
      isDemoAssessment(r.assessmentId) &&
      r.assessmentStatus === 'approved' &&
      r.isCalculated &&
      !r.isConverted &&
      r.futureApprovedDate === NO_DATE,
  )!;
  expect(source, 'an approved demo assessment to copy').toBeDefined();
  const { residence } = await freeResidenceInSmallestDepartment(request, token);
  const propertyId = residence.residenceId;
  const assessmentId = await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${propertyId}&sourceAssessmentIdToCopyFrom=${source.assessmentId}`,
  );

  // The copy is calculated at once (its answers copied): approved on its results page.
  await signInWithToken(page, token, `/results/${propertyId}/${assessmentId}`);
  await page.getByRole('button', { name: 'Godkend nu' }).click();
  await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`), { timeout: 30_000 });
  await expect(page.getByText('Vurderingen er godkendt.')).toBeVisible();

  const card = page.getByRole('article').filter({ hasText: 'Vurdering' }).first();
  const toggle = card.getByRole('button', { name: 'Vis historik' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const history = card.getByRole('region', { name: 'Historik' });
  const items = history.locator('.mantine-Timeline-item');
  // Newest first: the approval by the job, then the copy with its source's address.
  await expect(items).toHaveCount(2);
  await expect(items.nth(0)).toContainText('Godkendt');
  await expect(items.nth(0)).toContainText('Sofie Skriver');
  await expect(items.nth(0)).toContainText('via massehandling');
  await expect(items.nth(1)).toContainText(`Kopieret fra ${source.streetName} ${source.streetNumber}`);
  await expect(items.nth(1)).toContainText('Sofie Skriver');
  await expect(card.getByRole('button', { name: 'Skjul historik' })).toHaveAttribute('aria-expanded', 'true');
  await expectAccessible(page, `residence with its history (${testInfo.project.name})`);

  await card.getByRole('button', { name: 'Skjul historik' }).click();
  await expect(history).toHaveCount(0);
});
