import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import {
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  fifteenthOfNextMonth,
  isDemoAssessment,
  signInWithToken,
} from './fixtures';

interface ApiQuestion {
  id: string;
  chapterKind: string;
  chapter: { id: string };
  type: string;
  isHidden: boolean;
  options: { answerId: string; isSelected: boolean }[];
}

/**
 * A calculated assessment, the only one of its residence, for this browser project: the desktop
 * and phone projects share one server. assessment-dialogs.spec.ts deletes candidates 0 and 6.
 */
async function calculated(request: APIRequestContext, token: string, project: string, n: number) {
  const { rows } = await bigDepartment(request, token);
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.residenceId, (counts.get(r.residenceId) ?? 0) + 1);
  const candidates = rows.filter(
    (r) =>
      counts.get(r.residenceId) === 1 &&
      isDemoAssessment(r.assessmentId) &&
      r.assessmentStatus === 'draft' &&
      r.isCalculated,
  );
  const row: PropertyRow | undefined = candidates[(project === 'phone' ? 8 : 1) + n];
  expect(row, 'enough calculated residences in the demo data').toBeDefined();
  return { propertyId: row!.residenceId, assessmentId: row!.assessmentId! };
}

/** The residence's only assessment card. */
const card = (page: Page) => page.getByRole('article').filter({ hasText: 'Vurdering' }).first();

test.describe('approving one assessment (docs/product.md 2 "The results page")', () => {
  test('Approve now on the results page runs the job with its progress dialog; the residence shows it approved', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const token = await demoToken(request, 'skriver');
    const { propertyId, assessmentId } = await calculated(request, token, testInfo.project.name, 0);
    await signInWithToken(page, token, `/results/${propertyId}/${assessmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Resultat' })).toBeVisible();
    await expectAccessible(page, 'results with approve');

    await page.getByRole('button', { name: 'Godkend nu' }).click();
    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`), { timeout: 30_000 });
    await expect(page.getByText('Vurderingen er godkendt.')).toBeVisible();
    await expect(card(page)).toContainText('Godkendt');
    await expect(card(page)).not.toContainText('Godkendt fra');

    const details = await api<{ assessmentStatus: string }>(
      request,
      token,
      `/api/v2/assessment/getassessment?assessmentId=${assessmentId}&propertyId=${propertyId}`,
    );
    expect(details.assessmentStatus).toBe('approved');
  });

  test('Approve in future: the date picker offers days from tomorrow and approves from the chosen day', async ({
    page,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const token = await demoToken(request, 'skriver');
    const { propertyId, assessmentId } = await calculated(request, token, testInfo.project.name, 1);
    await signInWithToken(page, token, `/results/${propertyId}/${assessmentId}`);
    await page.getByRole('link', { name: 'Godkend fra en senere dato' }).click();
    await expect(page).toHaveURL(new RegExp(`/results/datepicker/${propertyId}/${assessmentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Vælg startdato' })).toBeVisible();

    const approve = page.getByRole('button', { name: 'Godkend', exact: true });
    await expect(approve).toBeDisabled();
    await expectAccessible(page, 'date picker');

    await page.getByRole('button', { name: 'Næste måned' }).click();
    await page.getByRole('button', { name: / 15\. / }).click();
    const date = fifteenthOfNextMonth();
    await expect(page.getByText(`Vurderingen gælder fra ${date}.`)).toBeVisible();
    await approve.click();

    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`), { timeout: 30_000 });
    await expect(card(page)).toContainText(`fra ${date}`);
  });

  test('with answers still in the outbox the approval waits until they reach the server', async ({
    page,
    context,
    request,
  }, testInfo) => {
    test.setTimeout(90_000);
    const token = await demoToken(request, 'skriver');
    const { propertyId, assessmentId } = await calculated(request, token, testInfo.project.name, 2);
    const questions = await api<ApiQuestion[]>(
      request,
      token,
      `/api/v2/questions?assessmentId=${assessmentId}`,
    );
    const evaluation = questions.filter((q) => q.chapterKind === 'evaluation' && !q.isHidden);
    // A single-choice question that is not the first of its chapter (no chapter dialog).
    const question = evaluation.find(
      (q, i) =>
        i > 0 &&
        q.type === 'single' &&
        q.options.length >= 2 &&
        evaluation[i - 1]!.chapter.id === q.chapter.id,
    )!;

    // The answer reaches the server only when the test lets it: held for the whole context, so
    // that the service worker (which sends the outbox too, e.g. on Background Sync after the
    // page's own request was cut by the navigation below) cannot deliver it either.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await context.route('**/api/v2/sync/syncanswer', async (route) => {
      await released;
      await route.continue().catch(() => {});
    });
    const order: string[] = [];
    context.on('requestfinished', (r) => {
      if (r.url().includes('/api/v2/sync/syncanswer')) order.push('answer');
    });
    context.on('request', (r) => {
      if (r.url().includes('/api/v2/assessment/finishassessments')) order.push('finish');
    });

    await signInWithToken(page, token, `/assessment/${propertyId}/${assessmentId}/evaluation/${question.id}`);
    const radios = page.getByRole('radio');
    await expect(radios.first()).toBeVisible();
    const selected = question.options.findIndex((o) => o.isSelected);
    await radios.nth(selected === 0 ? 1 : 0).click();
    await expect(page.getByRole('status').filter({ hasText: 'Gemmer …' })).toBeVisible();

    await page.goto(`/results/${propertyId}/${assessmentId}`);
    await page.getByRole('button', { name: 'Godkend nu' }).click();
    // The answer is still on its way: the approval waits for it. The order below proves it:
    // the approval's request would otherwise start before the answer's reply came.
    await expect(page.getByText('Sender de sidste svar …')).toBeVisible();

    release();
    await expect(page).toHaveURL(new RegExp(`/residence/${propertyId}$`), { timeout: 30_000 });
    await expect(card(page)).toContainText('Godkendt');
    expect(order.indexOf('answer')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('answer')).toBeLessThan(order.indexOf('finish'));
  });
});
