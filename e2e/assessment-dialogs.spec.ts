import type { APIRequestContext } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import { api, bigDepartment, demoToken, expectAccessible, signInWithToken } from './fixtures';

type Row = PropertyRow;

async function rowsOfBigDepartment(request: APIRequestContext, token: string): Promise<Row[]> {
  return (await bigDepartment(request, token)).rows;
}

/** One residence per project among those with a single assessment matching `accept`. */
function pick(rows: Row[], accept: (r: Row) => boolean, project: string, n: number): Row {
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.residenceId, (counts.get(r.residenceId) ?? 0) + 1);
  const candidates = rows.filter((r) => counts.get(r.residenceId) === 1 && accept(r));
  return candidates[(project === 'phone' ? 6 : 0) + n]!;
}

test.describe('assessment dialogs and results', () => {
  test('help, comment, screening breaker and the table of contents', async ({ page, request }, testInfo) => {
    test.setTimeout(120_000);
    const token = await demoToken(request, 'skriver');
    const rows = await rowsOfBigDepartment(request, token);
    const free = rows.filter((r) => r.assessmentId === null);
    const propertyId = free[(testInfo.project.name === 'phone' ? 40 : 30) + 1]!.residenceId;
    const assessmentId = await api<string>(
      request,
      token,
      `/api/v2/assessment/createnewassessment?propertyId=${propertyId}`,
    );
    await signInWithToken(page, token, `/assessment/${propertyId}/${assessmentId}/screening/001`);
    await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();

    await page.getByRole('button', { name: 'Hjælp' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expect(page.getByRole('dialog').getByText('Spørgsmålet har betydning for:')).toBeVisible();
    await expectAccessible(page, 'help screen');
    await page.getByRole('dialog').getByRole('button', { name: 'Luk hjælpen' }).last().click();

    await page.getByRole('button', { name: 'Tilføj kommentar' }).click();
    await page.getByLabel('Kommentar til spørgsmålet').fill('Målt ved opgang B.');
    await expectAccessible(page, 'comment');
    await page.getByRole('button', { name: 'Gem kommentar' }).click();
    await page.getByRole('button', { name: 'Tilbage' }).last().click();
    await expect
      .poll(async () => {
        const questions = await api<{ id: string; chapterKind: string; comment: string | null }[]>(
          request,
          token,
          `/api/v2/questions?assessmentId=${assessmentId}`,
        );
        return questions.find((q) => q.chapterKind === 'screening' && q.id === '001')?.comment;
      })
      .toBe('Målt ved opgang B.');

    // Every screening question with its first option (or smallest number): nothing excluded.
    for (let i = 0; i < 10; i++) {
      const radios = page.getByRole('radio');
      if ((await radios.count()) > 0) await radios.first().click();
      else if ((await page.getByRole('checkbox').count()) > 0)
        await page.getByRole('checkbox').first().check();
      else {
        const range = (await page.getByText(/^Mellem /).textContent()) ?? '';
        await page.getByLabel(/^Værdi i/).fill(/Mellem (-?[\d,]+) og/.exec(range)?.[1] ?? '0');
        await page.getByLabel(/^Værdi i/).press('Tab');
      }
      await page.getByRole('button', { name: 'Næste' }).click();
      await page.waitForTimeout(400);
      if (await page.getByRole('dialog').isVisible()) break;
    }
    const breaker = page.getByRole('dialog');
    await expect(breaker.getByText('Boligen kan være egnet for:')).toBeVisible();
    // Each type by the icon and short name of relevanceSettings (docs/product.md 2).
    const types = breaker.getByRole('listitem');
    expect(await types.count()).toBeGreaterThan(0);
    for (const item of await types.all()) {
      expect(['Kørestol', 'Gang', 'Syn', 'Hørelse', 'Kognitiv']).toContain(
        (await item.textContent())?.trim(),
      );
      await expect(item.locator('svg')).toHaveCount(1);
    }
    await expectAccessible(page, 'screening breaker');
    await breaker.getByRole('button').last().click();
    // The smallest door width excluded some types: their questions are hidden, so the first
    // visible evaluation question may come later than 001.
    await expect(page).toHaveURL(new RegExp(`/assessment/${propertyId}/${assessmentId}/evaluation/\\d{3}$`));

    await page.getByRole('button', { name: 'Indholdsfortegnelse' }).click();
    const toc = page.getByRole('dialog', { name: 'Indhold' });
    await expect(toc.getByText(/\d+ af \d+ besvaret/).first()).toBeVisible();
    await expectAccessible(page, 'table of contents');
    await toc.getByRole('switch', { name: 'Skjul valgfrie spørgsmål' }).check();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /valgfri/i })
        .first(),
    ).toBeVisible();
  });

  test('the results page shows the scores and deletes a draft after confirmation', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const rows = await rowsOfBigDepartment(request, token);
    const calculated = pick(
      rows,
      (r) => r.assessmentStatus === 'draft' && r.isCalculated,
      testInfo.project.name,
      0,
    );
    await signInWithToken(page, token, `/results/${calculated.residenceId}/${calculated.assessmentId}`);
    await expect(page.getByRole('table')).toBeVisible();
    await expect(page.getByRole('rowheader', { name: 'Kørestolsbrugere' })).toBeVisible();
    await expectAccessible(page, 'results');
    await page.getByRole('button', { name: /^Slet/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'delete dialog');
    await dialog.getByRole('button', { name: /^Slet/ }).click();
    await expect(page).toHaveURL(new RegExp(`/residence/${calculated.residenceId}$`));
    const after = await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${calculated.residenceId}`,
    );
    expect(after.assessments).not.toContain(calculated.assessmentId);
  });

  test('the results page lists unanswered required questions instead of scores', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const rows = await rowsOfBigDepartment(request, token);
    const draft = pick(
      rows,
      (r) => r.assessmentStatus === 'draft' && !r.isCalculated,
      testInfo.project.name,
      1,
    );
    await signInWithToken(page, token, `/results/${draft.residenceId}/${draft.assessmentId}`);
    const link = page
      .getByRole('main')
      .locator(`a[href^="/assessment/${draft.residenceId}/${draft.assessmentId}/"]`)
      .first();
    await expect(link).toBeVisible();
    await expectAccessible(page, 'results with missing questions');
  });

  test('a read user gets the 404 page for results', async ({ page, request }) => {
    const token = await demoToken(request, 'laeser');
    const rows = await rowsOfBigDepartment(request, token);
    const any = rows.find((r) => r.assessmentId !== null)!;
    await signInWithToken(page, token, `/results/${any.residenceId}/${any.assessmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Siden findes ikke' })).toBeVisible();
  });

  test("help shows the question's picture (a phone its own), its caption and the advice for every question", async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'laeser');
    const rows = await rowsOfBigDepartment(request, token);
    // An approved assessment whose screening left the door width question in (not hidden).
    let approved: Row | undefined;
    let doorWidth: { id: string } | undefined;
    for (const row of rows.filter((r) => r.assessmentStatus === 'approved' && r.assessmentId !== null)) {
      const questions = await api<{ id: string; uniqueId: string; isHidden: boolean }[]>(
        request,
        token,
        `/api/v2/questions?assessmentId=${row.assessmentId}`,
      );
      doorWidth = questions.find((q) => q.uniqueId === 'ENT-01' && !q.isHidden);
      approved = row;
      if (doorWidth) break;
    }
    await signInWithToken(
      page,
      token,
      `/assessment/${approved!.residenceId}/${approved!.assessmentId}/evaluation/${doorWidth!.id}`,
    );
    await page.getByRole('button', { name: 'Hjælp', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Find den smalleste dør' });
    const picture = dialog.locator('figure img');
    await expect(picture).toBeVisible();
    // Drawn (not a broken image the CSP or a wrong path left), and the one for this screen.
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const file = testInfo.project.name === 'phone' ? 'door-width-mobile.svg' : 'door-width.svg';
    expect(await picture.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)).toBe(
      `/help/${file}`,
    );
    await expect(dialog.locator('figcaption')).toHaveText(
      'Mål med døren helt åben, fra dørbladet til karmens anslag: mindst 77 cm.',
    );
    await expect(dialog.getByText(/Er du i tvivl om »Smalleste dør inde i boligen«/)).toBeVisible();
    await expectAccessible(page, 'help with a picture');
  });
});
