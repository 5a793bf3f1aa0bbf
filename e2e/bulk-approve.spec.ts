import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { JobState, PropertyRow } from '../shared/contract/dto';
import {
  api,
  demoToken,
  expectAccessible,
  fifteenthOfNextMonth,
  selectionActionBar,
  signInWithToken,
} from './fixtures';

/**
 * Approving many assessments at once (docs/product.md 2 /approve … /approved, 4 "Bulk mode").
 *
 * These tests work in small departments (Afd. 15 Skovbrynet on desktop, Afd. 21 Møllehaven on
 * phones), where a list holds every residence on one screen. Each test that writes makes the
 * calculated assessments it approves by copying the department's calculated one to residences
 * without an assessment (through the API, as the copy flow does), so no test depends on another's
 * leftovers or on global counts; the worker's server is the worker's own (e2e/test.ts).
 */
const DEPARTMENTS: Record<string, string> = {
  desktop: '5e1d0000-0000-4000-8000-000000000104',
  phone: '5e1d0000-0000-4000-8000-000000000105',
};

const departmentOf = (project: string) => DEPARTMENTS[project] ?? DEPARTMENTS.desktop!;

async function departmentRows(request: APIRequestContext, token: string, departmentId: string) {
  return api<PropertyRow[]>(
    request,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`,
  );
}

const isCalculated = (r: PropertyRow) => r.assessmentStatus === 'draft' && r.isCalculated;

/** Residences with exactly one row (one assessment, or none), by id: stable while these tests run. */
async function soleRows(request: APIRequestContext, token: string, departmentId: string) {
  const rows = await departmentRows(request, token, departmentId);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.residenceId, (counts.get(r.residenceId) ?? 0) + 1);
  return rows
    .filter((r) => counts.get(r.residenceId) === 1)
    .sort((a, b) => a.residenceId.localeCompare(b.residenceId));
}

/**
 * Copies the department's first calculated assessment to the first `count` residences without
 * one and waits for the job: answers the copies as the lists show them (calculated).
 */
async function calculatedCopies(
  request: APIRequestContext,
  token: string,
  departmentId: string,
  count: number,
) {
  const sole = await soleRows(request, token, departmentId);
  const source = sole.find(isCalculated);
  expect(source, 'a calculated assessment in the demo department').toBeDefined();
  const targets = sole.filter((r) => r.assessmentId === null).slice(0, count);
  expect(targets, 'enough residences without an assessment').toHaveLength(count);

  const started = await request.post('/api/v2/assessment/copyassessments', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      propertyIds: targets.map((t) => t.residenceId),
      sourceAssessmentIdToCopyFrom: source!.assessmentId,
      isFakeJob: false,
    },
  });
  expect(started.status()).toBe(200);
  const { jobId } = (await started.json()) as { jobId: string };
  let job: JobState | undefined;
  await expect
    .poll(
      async () => {
        job = await api<JobState>(request, token, `/api/v2/jobs/${jobId}`);
        return job.status;
      },
      { timeout: 30_000 },
    )
    .toBe('succeeded');
  const copies = targets.map((t) => ({
    ...t,
    assessmentId: job!.copied.find((c) => c.propertyId === t.residenceId)!.newAssessmentId,
    assessmentStatus: 'draft' as const,
    isCalculated: true,
  }));
  return { source: source!, copies };
}

/** Opens the department's list showing only calculated residences and selects these. */
async function selectCalculated(page: Page, rows: readonly PropertyRow[]) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Filtrér på status').selectOption('calculated');
  for (const row of rows) await page.getByRole('checkbox', { name: `Vælg ${row.location}` }).check();
}

/** Selects one residence, found by street and number (the list renders only the rows in view). */
async function selectOne(page: Page, row: PropertyRow) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.getByLabel('Filtrér på vej').fill(row.streetName);
  await page.getByLabel('Filtrér på husnummer').fill(row.streetNumber);
  // A house has a dozen homes: on a phone the row may be below the rows in view, not yet rendered.
  const box = page.getByRole('checkbox', { name: `Vælg ${row.location}` });
  for (let step = 0; step < 20 && (await box.count()) === 0; step++) await page.mouse.wheel(0, 300);
  await box.check();
}

test.describe('approving many assessments (docs/product.md 2 and 4)', () => {
  test('selected calculated residences are approved from a chosen day and listed on /approved with "Gælder fra"; leaving asks first', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await demoToken(request, 'skriver');
    const department = departmentOf(testInfo.project.name);
    const { copies: chosen } = await calculatedCopies(request, token, department, 2);
    await signInWithToken(page, token, `/departments/properties/${department}`);
    await selectCalculated(page, chosen);

    await selectionActionBar(page).getByRole('button', { name: 'Godkend' }).click();
    await expect(page).toHaveURL(/\/approve$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Godkend vurderinger' })).toBeVisible();
    const list = page.getByRole('list', { name: 'Vurderinger, der skal godkendes' });
    for (const row of chosen) await expect(list).toContainText(row.location);
    await expectAccessible(page, '/approve');

    // The chosen residences survive a reload.
    await page.reload();
    for (const row of chosen) await expect(list).toContainText(row.location);

    await page.getByRole('link', { name: 'Videre' }).click();
    await expect(page).toHaveURL(/\/approve\/confirm$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Godkend 2 vurderinger' })).toBeVisible();
    await expectAccessible(page, '/approve/confirm');

    // The header's back link returns to the list of residences to approve (it carries no state).
    await page.getByRole('banner').getByRole('link', { name: 'Tilbage' }).click();
    await expect(page).toHaveURL(/\/approve$/);
    for (const row of chosen) await expect(list).toContainText(row.location);
    await page.getByRole('link', { name: 'Videre' }).click();

    await page.getByRole('link', { name: 'Godkend fra en senere dato' }).click();
    await expect(page).toHaveURL(/\/approve\/confirm\/datepicker$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg startdato' })).toBeVisible();
    const approve = page.getByRole('button', { name: 'Godkend', exact: true });
    await expect(approve).toBeDisabled();
    await expectAccessible(page, 'the bulk date picker');

    await page.getByRole('button', { name: 'Næste måned' }).click();
    await page.getByRole('button', { name: / 15\. / }).click();
    const date = fifteenthOfNextMonth();
    await expect(page.getByText(`Vurderingerne gælder fra ${date}.`)).toBeVisible();

    const finish = page.waitForRequest('**/api/v2/assessment/finishassessments');
    await approve.click();
    const body = (await finish).postDataJSON() as {
      assessmentsToFinish: { assessmentId: string; validFrom: string }[];
      isFakeJob: boolean;
    };
    expect(body.isFakeJob).toBe(false);
    expect(body.assessmentsToFinish.map((i) => i.assessmentId).sort()).toEqual(
      chosen.map((r) => r.assessmentId).sort(),
    );
    // docs/product.md 5: midnight of the chosen day with the local offset.
    for (const item of body.assessmentsToFinish) expect(item.validFrom).toMatch(/T00:00:00\+0[12]:00$/);

    await expect(page).toHaveURL(/\/approved$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Godkendte vurderinger' })).toBeVisible();
    const approved = page.getByRole('list', { name: 'Godkendte vurderinger' });
    for (const row of chosen) {
      const entry = approved.getByRole('listitem').filter({ hasText: row.location });
      await expect(entry).toContainText(`Gælder fra ${date}`);
      await expect(entry).toContainText(`Godkendt fra ${date}`);
    }
    await expectAccessible(page, '/approved');

    // Leaving the finished flow asks first: Back stays on the page.
    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Er du færdig?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'the leave-flow dialog');
    await dialog.getByRole('button', { name: 'Tilbage' }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/approved$/);
    await expect(approved).toBeVisible();

    // Finish goes home and ends the flow.
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Afslut' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate(() => sessionStorage.getItem('bt:bulk:state'))).toBeNull();

    for (const row of chosen) {
      const details = await api<{ assessmentStatus: string }>(
        request,
        token,
        `/api/v2/assessment/getassessment?assessmentId=${row.assessmentId}&propertyId=${row.residenceId}`,
      );
      expect(details.assessmentStatus).toBe('approved');
    }
  });

  test('Approve now (disabled offline) approves the selected residences from today behind a progress dialog that survives a reload; Finish on /approved goes home', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await demoToken(request, 'skriver');
    const department = departmentOf(testInfo.project.name);
    const { copies: chosen } = await calculatedCopies(request, token, department, 2);
    await signInWithToken(page, token, `/departments/properties/${department}`);
    await selectCalculated(page, chosen);
    await selectionActionBar(page).getByRole('button', { name: 'Godkend' }).click();
    await page.getByRole('link', { name: 'Videre' }).click();

    // A reload on the confirmation keeps what is to be approved.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Godkend 2 vurderinger' })).toBeVisible();

    // Offline both ways to approve are disabled, with the reason (a job needs the server).
    const approveNow = page.getByRole('button', { name: 'Godkend nu' });
    await page.context().setOffline(true);
    await expect(approveNow).toBeDisabled();
    await expect(page.getByText('Godkendelse kræver netforbindelse.')).toBeVisible();
    await page.context().setOffline(false);
    await expect(approveNow).toBeEnabled();

    // The blocking progress dialog, followed again after a reload from the job's state: the hub
    // is kept away and the job's state held back until the dialog has been seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/messagehub**', (route) => route.abort());
    await page.route('**/api/v2/jobs/**', async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    await approveNow.click();
    const progress = page.getByRole('dialog', { name: 'Godkender vurderinger' });
    await expect(progress).toContainText('Godkender 0 af 2 vurderinger');
    await expectAccessible(page, 'the approval progress dialog');
    await page.reload();
    await expect(progress).toBeVisible();
    release();

    await expect(page).toHaveURL(/\/approved$/, { timeout: 30_000 });
    const approved = page.getByRole('list', { name: 'Godkendte vurderinger' });
    for (const row of chosen) {
      const entry = approved.getByRole('listitem').filter({ hasText: row.location });
      await expect(entry).toContainText('Godkendt');
      await expect(entry).not.toContainText('Gælder fra');
    }

    await page.getByRole('button', { name: 'Afslut' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });

  test('Approve is disabled unless every selected residence is calculated', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const department = departmentOf(testInfo.project.name);
    const notStarted = (await soleRows(request, token, department)).find((r) => r.assessmentId === null);
    expect(notStarted).toBeDefined();
    await signInWithToken(page, token, `/departments/properties/${department}`);
    await selectOne(page, notStarted!);
    const approve = selectionActionBar(page).getByRole('button', { name: 'Godkend' });
    await expect(approve).toHaveAttribute('aria-disabled', 'true');
    await approve.click({ force: true });
    await expect(page).toHaveURL(/\/departments\/properties\//);
  });

  test('a read user sees no Approve in the action bar and gets the not-found page on /approve', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'laeser');
    const department = departmentOf(testInfo.project.name);
    const calculated = (await soleRows(request, token, department)).find(isCalculated);
    expect(calculated).toBeDefined();
    await signInWithToken(page, token, `/departments/properties/${department}`);
    await selectOne(page, calculated!);
    await expect(selectionActionBar(page).getByRole('button', { name: 'Redigér' })).toBeVisible();
    await expect(selectionActionBar(page).getByRole('button', { name: 'Godkend' })).toHaveCount(0);

    await page.goto('/approve');
    await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
  });

  test('copies of a calculated assessment are approved on /approvecopied and listed on its confirmation', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(120_000);
    const token = await demoToken(request, 'skriver');
    const department = departmentOf(testInfo.project.name);
    const { source, copies } = await calculatedCopies(request, token, department, 2);

    // The bulk flow as the copy flow leaves it: copy complete, its copies kept for the session.
    await signInWithToken(page, token, '/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.evaluate((state) => sessionStorage.setItem('bt:bulk:state', JSON.stringify(state)), {
      mode: 'copyComplete',
      source: {
        propertyId: source.residenceId,
        assessmentId: source.assessmentId,
        status: 'calculated',
        location: source.location,
      },
      targets: copies.map((c) => ({
        propertyId: c.residenceId,
        assessmentId: null,
        status: 'notStarted',
        location: c.location,
      })),
      origin: `/departments/properties/${department}`,
      copyKey: null,
      copied: copies.map((c) => ({
        propertyId: c.residenceId,
        assessmentId: c.assessmentId,
        location: c.location,
        saved: false,
        eligibleForApproval: true,
      })),
      approved: [],
      approval: null,
    });

    await page.goto('/approvecopied');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Godkend kopierede vurderinger' }),
    ).toBeVisible();
    const list = page.getByRole('list', { name: 'Vurderinger, der skal godkendes' });
    for (const copy of copies) await expect(list).toContainText(copy.location);
    await expectAccessible(page, '/approvecopied');

    await page.getByRole('link', { name: 'Godkend fra en senere dato' }).click();
    await expect(page).toHaveURL(new RegExp(`/approvecopied/confirm/datepicker/${source.residenceId}$`));
    await expectAccessible(page, 'the copied date picker');
    await page.getByRole('link', { name: 'Annullér' }).click();
    await expect(page).toHaveURL(/\/approvecopied$/);

    await page.getByRole('button', { name: 'Godkend nu' }).click();
    await expect(page).toHaveURL(/\/approvecopied\/confirmation$/, { timeout: 30_000 });
    await expect(page.getByRole('heading', { level: 1, name: 'Kopierne er godkendt' })).toBeVisible();
    const approved = page.getByRole('list', { name: 'Godkendte vurderinger' });
    for (const copy of copies)
      await expect(approved.getByRole('listitem').filter({ hasText: copy.location })).toContainText(
        'Godkendt',
      );

    await page.goBack();
    const dialog = page.getByRole('dialog', { name: 'Er du færdig?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Afslut' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
