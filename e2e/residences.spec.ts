import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import { api, bigDepartment, demoToken, expectAccessible, signInWithToken } from './fixtures';

type Row = PropertyRow;

/** The big department with its rows grouped by residence. */
async function bigDepartmentByResidence(request: APIRequestContext, token: string) {
  const { organization, department, rows } = await bigDepartment(request, token);
  const byResidence = new Map<string, Row[]>();
  for (const row of rows)
    byResidence.set(row.residenceId, [...(byResidence.get(row.residenceId) ?? []), row]);
  return { organization, department, rows, byResidence };
}

/**
 * How many residences the API finds for a query in all (its X-Total-Count header, docs/api.md),
 * as the results page's title writes it: Danish thousands, "over" past the counting limit.
 */
async function countResults(request: APIRequestContext, token: string, query: string): Promise<string> {
  const [organization] = await api<{ id: string }[]>(
    request,
    token,
    '/api/v2/organizations/getorganizations',
  );
  const params = new URLSearchParams({ query, size: '15', page: '0', organizationId: organization!.id });
  const response = await request.get(`/api/v2/properties/search?${params.toString()}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  const [, count, more] = /^(\d+)(\+?)$/.exec(response.headers()['x-total-count'] ?? '')!;
  const text = new Intl.NumberFormat('da-DK').format(Number(count));
  return more ? `over ${text}` : text;
}

/** Residences whose every row has one of these statuses; a different one per browser project. */
function pick(byResidence: Map<string, Row[]>, accept: (rows: Row[]) => boolean, project: string): string {
  const candidates = [...byResidence.entries()].filter(([, rows]) => accept(rows)).map(([id]) => id);
  expect(candidates.length).toBeGreaterThan(4);
  return candidates[project === 'phone' ? 3 : 1]!;
}

test.describe('finding residences', () => {
  test('by department: filter the big department by a number range and open a residence', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const { department } = await bigDepartmentByResidence(request, token);
    await signInWithToken(page, token);
    await page.getByRole('link', { name: /Afdelinger/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Afdelinger' })).toBeVisible();
    await expectAccessible(page, 'departments');
    await page.getByRole('link', { name: new RegExp(department.departmentName) }).click();
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await expect(page.getByText(`${department.propertiesCount} boliger`, { exact: true })).toBeVisible();
    await expectAccessible(page, 'property list');

    await page.getByLabel('Filtrér på husnummer').fill('1-3');
    const status = page.getByText(/^Viser \d+ af \d+ boliger$/);
    await expect
      .poll(async () => Number(((await status.textContent()) ?? '').match(/Viser (\d+)/)?.[1] ?? NaN))
      .toBeLessThan(department.propertiesCount);
    const shown = Number((await status.textContent())!.match(/Viser (\d+)/)![1]);
    expect(shown).toBeGreaterThan(0);
    const links = page.getByRole('main').getByRole('link').filter({ hasText: /\S/ });
    await expect(links.first()).toBeVisible();
    await links.first().click();
    await expect(page).toHaveURL(/\/residence\//);
    await expect(page.getByRole('heading', { level: 2, name: 'Vurderinger' })).toBeVisible();
    await expectAccessible(page, 'residence');
  });

  test('the big department on the narrowest phone: its long name breaks instead of pushing the page sideways', async ({
    page,
    request,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the width of a phone');
    const token = await demoToken(request, 'skriver');
    const { department } = await bigDepartmentByResidence(request, token);
    // 320 px wide, as an iPhone SE; "Lyngbakkeparken" alone is wider at h1 size.
    await page.setViewportSize({ width: 320, height: 640 });
    await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
  });

  test('by text search: suggestions, Enter opens the results page', async ({ page, request }) => {
    const token = await demoToken(request, 'skriver');
    const { rows } = await bigDepartmentByResidence(request, token);
    const query = `${rows[0]!.streetName} ${rows[0]!.streetNumber}`;
    await signInWithToken(page, token);
    const box = page.getByRole('textbox', { name: 'Søg efter bolig' });
    await box.fill(query);
    await expect(page.getByRole('option').first()).toBeVisible();
    // At most 15 hits, and the way to all of them last.
    const options = page.getByRole('option');
    expect(await options.count()).toBeLessThanOrEqual(16);
    await expect(options.last()).toHaveText(`Vis alle resultater for »${query}«`);
    await box.press('Enter');
    await expect(page).toHaveURL(/\/properties\/search\//);
    await expect(
      page.getByRole('heading', {
        level: 1,
        name: `${query} (${await countResults(request, token, query)})`,
      }),
    ).toBeVisible();
    await expectAccessible(page, 'search results');
    await box.fill('xqzxqz');
    await expect(page.getByText('Ingen boliger fundet.')).toBeVisible();
  });

  test('by text search: the title counts every hit, and scrolling brings the rest', async ({
    page,
    request,
  }) => {
    const token = await demoToken(request, 'skriver');
    const { rows } = await bigDepartmentByResidence(request, token);
    // The big department's postcode: more residences than a page holds.
    const query = rows[0]!.zipCode;
    const count = await countResults(request, token, query);
    expect(Number(count.replace(/\D/g, ''))).toBeGreaterThan(1000);
    await signInWithToken(page, token, `/properties/search/${query}`);
    await expect(page.getByRole('heading', { level: 1, name: `${query} (${count})` })).toBeVisible();
    await expect(page.getByText(`Viser 100 af ${count} boliger`)).toBeVisible();
    await page.keyboard.press('End');
    await expect(page.getByText(`Viser 200 af ${count} boliger`)).toBeVisible();
    await expectAccessible(page, 'search results, paged');
  });

  test('nearby: the position the browser gives lists the nearest residences', async ({
    page,
    request,
    context,
  }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 56.1565, longitude: 10.1096 });
    await signInWithToken(page, await demoToken(request, 'skriver'));
    await page.getByRole('link', { name: /Boliger i nærheden/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Find boliger i nærheden' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'nearby dialog');
    await dialog.getByRole('button', { name: 'Brug min position' }).click();
    const distances = page.getByText(/^\d+ m$/);
    await expect(distances.first()).toBeVisible();
    const metres = (await distances.allTextContents()).map((d) => Number.parseInt(d, 10));
    expect(metres).toEqual([...metres].sort((a, b) => a - b));
    await expectAccessible(page, 'nearby results');
  });

  test('nearby: a refused position shows the error with the browser message', async ({ page, request }) => {
    // What a browser does when the user refuses: the error callback with PERMISSION_DENIED.
    await page.addInitScript(() => {
      navigator.geolocation.getCurrentPosition = (_ok, fail) =>
        fail?.({
          code: 1,
          message: 'User denied Geolocation',
          PERMISSION_DENIED: 1,
        } as GeolocationPositionError);
    });
    await signInWithToken(page, await demoToken(request, 'skriver'), '/properties/nearby');
    await page.getByRole('button', { name: 'Brug min position' }).click();
    await expect(page.getByRole('alert')).toContainText('User denied Geolocation');
    await expectAccessible(page, 'nearby refused');
  });
});

test.describe('the residence screen', () => {
  test('a write user starts screening of a residence without assessments', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await bigDepartmentByResidence(request, token);
    const id = pick(byResidence, (rows) => rows.every((r) => r.assessmentId === null), testInfo.project.name);
    await signInWithToken(page, token, `/residence/${id}`);
    await expect(page.getByText('Boligen er ikke vurderet endnu.')).toBeVisible();
    await page.getByRole('button', { name: 'Start screening' }).click();
    await expect(page).toHaveURL(new RegExp(`/assessment/${id}/[0-9a-f-]{36}/screening/001$`));
  });

  test('a read user sees the assessments locked', async ({ page, request }) => {
    const token = await demoToken(request, 'laeser');
    const { byResidence } = await bigDepartmentByResidence(request, token);
    const id = pick(byResidence, (rows) => rows.some((r) => r.assessmentStatus === 'draft'), 'desktop');
    await signInWithToken(page, token, `/residence/${id}`);
    await expect(page.getByText('Du kan se vurderingerne, men ikke ændre dem.')).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Start en ny vurdering af boligen' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Lås op' })).toHaveCount(0);
    await expectAccessible(page, 'residence, read only');
  });

  test('overwriting a draft abandons it and opens a new assessment', async ({ page, request }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await bigDepartmentByResidence(request, token);
    const id = pick(
      byResidence,
      (rows) => rows.length === 1 && rows[0]!.assessmentStatus === 'draft',
      testInfo.project.name,
    );
    await signInWithToken(page, token, `/residence/${id}`);
    await page.getByRole('button', { name: 'Start en ny vurdering af boligen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Boligen har en vurdering i gang' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'overwrite dialog');
    await dialog.getByRole('button', { name: 'Start ny vurdering' }).click();
    await expect(page).toHaveURL(new RegExp(`/assessment/${id}/[0-9a-f-]{36}/screening/001$`));
    const after = await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${id}`,
    );
    expect(after.assessments).toHaveLength(1);
    expect(after.assessments[0]).not.toBe(byResidence.get(id)![0]!.assessmentId);
  });

  test('unlocking an approved assessment copies it into a new one, open at the same question', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await bigDepartmentByResidence(request, token);
    const id = pick(
      byResidence,
      (rows) =>
        rows.length === 1 &&
        rows[0]!.assessmentStatus === 'approved' &&
        rows[0]!.futureApprovedDate.startsWith('0001'),
      testInfo.project.name,
    );
    const approvedId = byResidence.get(id)![0]!.assessmentId!;
    // docs/product.md 4: the copy opens at the question the approved assessment was last answered at.
    const [{ lastAnsweredQuestionUniqueId }, questions] = await Promise.all([
      api<{ lastAnsweredQuestionUniqueId: string }>(
        request,
        token,
        `/api/v2/assessment/getassessment?assessmentId=${approvedId}&propertyId=${id}`,
      ),
      api<{ uniqueId: string; id: string; chapterKind: string }[]>(
        request,
        token,
        `/api/v2/questions?assessmentId=${approvedId}`,
      ),
    ]);
    const last = questions.find((q) => q.uniqueId === lastAnsweredQuestionUniqueId)!;
    await signInWithToken(page, token, `/residence/${id}`);
    await page.getByRole('button', { name: 'Lås op' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lås vurderingen op?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Lås op' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/assessment/${id}/[0-9a-f-]{36}/${last.chapterKind}/${last.id}$`),
    );
    expect(new URL(page.url()).pathname.split('/')[3]).not.toBe(approvedId);
  });
});
