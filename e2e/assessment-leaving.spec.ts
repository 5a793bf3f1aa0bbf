import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import {
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  signInWithToken,
  waitForServiceWorker,
} from './fixtures';

type Row = PropertyRow;

interface ApiQuestion {
  id: string;
  uniqueId: string;
  chapterKind: string;
  isHidden: boolean;
}

/** Residences of the big department as they are now (the worker's server is its own, e2e/test.ts). */
async function residencesFor(request: APIRequestContext, token: string) {
  const { rows } = await bigDepartment(request, token);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.residenceId, (counts.get(r.residenceId) ?? 0) + 1);
  const free = rows.filter((r) => r.assessmentId === null);
  const approved = rows.filter(
    (r) =>
      counts.get(r.residenceId) === 1 &&
      r.assessmentStatus === 'approved' &&
      r.futureApprovedDate.startsWith('0001'),
  );
  expect(approved.length).toBeGreaterThan(20);
  return {
    /** The n-th residence without assessments. */
    free: (n: number): Row => free[n]!,
    /** A residence whose only assessment is approved without a future date. */
    approved: (n: number): Row => approved[n]!,
  };
}

async function newDraft(request: APIRequestContext, token: string, propertyId: string): Promise<string> {
  return api<string>(request, token, `/api/v2/assessment/createnewassessment?propertyId=${propertyId}`);
}

async function assessmentsOf(request: APIRequestContext, token: string, propertyId: string) {
  return (
    await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${propertyId}`,
    )
  ).assessments;
}

/** Opens a new draft at screening 001 and answers its first question. */
async function openAndAnswer(page: Page, token: string, propertyId: string, assessmentId: string) {
  await signInWithToken(page, token, `/assessment/${propertyId}/${assessmentId}/screening/001`);
  await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('radio').first().click();
  await expect(page.getByRole('status').filter({ hasText: /^(Gemt|Gemmer …)$/ })).toBeVisible();
}

test.describe('leaving the assessment form', () => {
  test('offline, save-and-close returns to the residence the form came from; a page not on the device says so and opens once online', async ({
    page,
    context,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const residences = await residencesFor(request, token);
    const propertyId = residences.free(2).residenceId;
    const assessmentId = await newDraft(request, token, propertyId);
    // Straight into the form, as from the active list: the residence screen was never opened.
    await openAndAnswer(page, token, propertyId, assessmentId);
    // The service worker takes over the first visit once it has stored the app.
    await waitForServiceWorker(page, 20_000);
    await context.setOffline(true);
    await page.getByRole('radio').nth(1).click();
    await expect(page.getByRole('status').filter({ hasText: /enheden/ })).toBeVisible();
    await page.getByRole('button', { name: 'Gem svar og gå tilbage' }).click();
    await page
      .getByRole('dialog', { name: 'Luk vurderingen' })
      .getByRole('button', { name: 'Gem og luk' })
      .click();
    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`));
    await expect(page.getByRole('link', { name: /^Fortsæt vurderingen/ })).toBeVisible();

    // A residence never fetched is not on the device: a plain message, not an error.
    const other = residences.free(3).residenceId;
    await page.evaluate((path) => {
      history.pushState({}, '', path);
      dispatchEvent(new PopStateEvent('popstate'));
    }, `/residence/${other}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden er ikke på enheden' })).toBeVisible();
    await expectAccessible(page, 'page not on the device');
    await context.setOffline(false);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden er ikke på enheden' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Start screening' })).toBeVisible();
  });

  test('a draft is left through save-or-close: Tilbage stays, Gem og luk lands on the residence', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const residence = (await residencesFor(request, token)).free(0);
    const propertyId = residence.residenceId;
    const assessmentId = await newDraft(request, token, propertyId);
    await openAndAnswer(page, token, propertyId, assessmentId);
    const formUrl = page.url();

    const leave = page.getByRole('button', { name: 'Gem svar og gå tilbage' });
    await leave.click();
    const dialog = page.getByRole('dialog', { name: 'Luk vurderingen' });
    await expect(dialog).toBeVisible();
    // Answers are stored as they are typed: the dialog never calls them unsaved.
    await expect(dialog.getByText(/^Dine svar er gemt/)).toBeVisible();
    await expect(dialog.getByText(/ikke gemt/i)).toHaveCount(0);
    await expectAccessible(page, 'save-or-close dialog');

    await dialog.getByRole('button', { name: 'Tilbage' }).click();
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(formUrl);
    await expect(page.getByRole('radio').first()).toHaveAttribute('aria-checked', 'true');

    // By keyboard: Enter opens it, Escape closes it, the buttons are reached with Tab.
    await leave.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    expect(page.url()).toBe(formUrl);
    await leave.focus();
    await page.keyboard.press('Enter');
    await expect(dialog).toBeVisible();
    const saveAndClose = dialog.getByRole('button', { name: 'Gem og luk' });
    for (let i = 0; i < 5 && !(await saveAndClose.evaluate((b) => b === document.activeElement)); i++) {
      await page.keyboard.press('Tab');
    }
    await expect(saveAndClose).toBeFocused();
    await page.keyboard.press('Enter');

    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`));
    expect(await assessmentsOf(request, token, propertyId)).toContain(assessmentId);
  });

  test('deleting a draft from save-or-close asks for confirmation and removes it', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const residence = (await residencesFor(request, token)).free(1);
    const propertyId = residence.residenceId;
    const assessmentId = await newDraft(request, token, propertyId);
    await openAndAnswer(page, token, propertyId, assessmentId);

    await page.getByRole('button', { name: 'Gem svar og gå tilbage' }).click();
    await page
      .getByRole('dialog', { name: 'Luk vurderingen' })
      .getByRole('button', { name: 'Slet vurderingen' })
      .click();
    const confirm = page.getByRole('dialog', { name: 'Slet vurderingen?' });
    await expect(confirm).toBeVisible();
    await expect(confirm.getByText('Det kan ikke fortrydes.', { exact: false })).toBeVisible();
    await expectAccessible(page, 'delete confirmation from the form');
    // Back keeps the assessment.
    await confirm.getByRole('button', { name: 'Tilbage' }).click();
    await expect(confirm).toHaveCount(0);
    expect(await assessmentsOf(request, token, propertyId)).toContain(assessmentId);

    await page.getByRole('button', { name: 'Gem svar og gå tilbage' }).click();
    await page
      .getByRole('dialog', { name: 'Luk vurderingen' })
      .getByRole('button', { name: 'Slet vurderingen' })
      .click();
    await confirm.getByRole('button', { name: 'Slet', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`));
    await expect(page.getByText('Vurderingen er slettet.')).toBeVisible();
    expect(await assessmentsOf(request, token, propertyId)).not.toContain(assessmentId);
  });
});

test.describe('unlocking from inside a locked form', () => {
  test('an approved assessment opens locked; unlocking lands on the same question of a new draft', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const residence = (await residencesFor(request, token)).approved(0);
    const propertyId = residence.residenceId;
    const approvedId = residence.assessmentId!;
    const questions = await api<ApiQuestion[]>(
      request,
      token,
      `/api/v2/questions?assessmentId=${approvedId}`,
    );
    // A question well inside the evaluation, not its first.
    const question = questions.filter((q) => q.chapterKind === 'evaluation' && !q.isHidden)[4]!;

    await signInWithToken(page, token, `/assessment/${propertyId}/${approvedId}/evaluation/${question.id}`);
    await expect(page.getByText('Vurderingen er låst og kan ikke ændres.')).toBeVisible();
    // Locked: no screening intro, a plain link back to the residence, inputs read only.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Tilbage til boligen' })).toHaveAttribute(
      'href',
      `/residence/${propertyId}`,
    );
    await expect(page.getByRole('button', { name: 'Gem svar og gå tilbage' })).toHaveCount(0);

    await page.getByRole('button', { name: 'Lås op' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lås vurderingen op?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'unlock dialog in the form');
    await dialog.getByRole('button', { name: 'Lås op' }).click();

    await expect(page).toHaveURL(
      new RegExp(`/assessment/${propertyId}/(?!${approvedId})[0-9a-f-]{36}/evaluation/${question.id}$`),
    );
    const newId = new URL(page.url()).pathname.split('/')[3]!;
    await expect(page.getByText('Vurderingen er låst og kan ikke ændres.')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Gem svar og gå tilbage' })).toBeVisible();

    const assessments = await assessmentsOf(request, token, propertyId);
    expect(assessments).toEqual(expect.arrayContaining([approvedId, newId]));
    const draft = await api<{ assessmentStatus: string }>(
      request,
      token,
      `/api/v2/assessment/getassessment?assessmentId=${newId}&propertyId=${propertyId}`,
    );
    expect(draft.assessmentStatus).toBe('draft');
  });
});
