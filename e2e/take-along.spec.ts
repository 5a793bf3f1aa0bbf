import type { APIRequestContext, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { PropertyRow } from '../shared/contract/dto';
import type { Question } from '../shared/rules/answer-validation';
import { withScreeningApplied } from '../src/domain/offline-answer';
import {
  answerCurrent,
  answerTexts,
  api,
  demoToken,
  expectAccessible,
  firstOrganizationDepartments,
  isDemoAssessment,
  markGuidanceTipsShown,
  navigateInApp,
  payloadAnswerText,
  signInWithToken,
  startScreeningAtTheDoor,
  storedOutbox,
  tellPageItIsOffline,
  waitForServiceWorker,
} from './fixtures';

/**
 * A day of field work without signal (docs/architecture.md 2, "Taken along offline"): a department
 * is taken along online; the browser is closed and started again from its profile without a
 * network; the storage panel lists the department with the date it was fetched; three residences
 * never opened before open, and on the one without an assessment a new one is started, its
 * screening answered and ten evaluation questions after it; two reloads later the connection comes
 * back, and the server holds that assessment under the app's id with exactly the answers given, the
 * questions screening hides hidden and none of them answered. The smallest department of at least
 * 100 residences with drafts to open keeps the suite fast; the big one is npm run bench:offline's.
 */

const SAVED_ON_DEVICE = 'Gemt på enheden – sendes, når du er online';

const today = () => {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Copenhagen' }));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(now.getDate())}.${pad(now.getMonth() + 1)}.${pad(now.getFullYear() % 100)}`;
};

async function departmentToTake(request: APIRequestContext, token: string) {
  const { departments } = await firstOrganizationDepartments(request, token);
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

/** A residence without an assessment, from the end of the list (other specs count from the front). */
function freeResidence(rows: PropertyRow[]): PropertyRow {
  const free = rows.filter((row) => row.assessmentId === null);
  expect(free.length).toBeGreaterThan(2);
  return free.at(-2)!;
}

test.describe('take along', () => {
  test('a field day: a department taken along, a restart offline, a new assessment answered, all on the server', async ({
    playwright,
    request,
    baseURL,
  }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'the phone is what the assessor carries');
    test.setTimeout(600_000);
    const token = await demoToken(request, 'skriver');
    const { department, rows } = await departmentToTake(request, token);
    const drafts = draftResidences(rows).slice(-3, -1);
    const free = freeResidence(rows);
    const use = testInfo.project.use;
    // The browser's own profile, closed and started again: a restart, not a reload.
    const profile = testInfo.outputPath('profile');
    const launch = async (): Promise<{ context: BrowserContext; page: Page }> => {
      const context = await playwright.chromium.launchPersistentContext(profile, {
        ...use.launchOptions,
        baseURL,
        locale: use.locale,
        timezoneId: use.timezoneId,
        viewport: use.viewport,
        isMobile: use.isMobile,
        hasTouch: use.hasTouch,
        serviceWorkers: 'allow',
      });
      const page = context.pages()[0] ?? (await context.newPage());
      await markGuidanceTipsShown(page);
      return { context, page };
    };

    // In the office: the department is taken along.
    let { context, page } = await launch();
    await signInWithToken(page, token, `/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await waitForServiceWorker(page);
    await page.getByRole('button', { name: 'Tag afdelingen med offline' }).click();
    const status = page.getByRole('status', { name: 'Tag med offline' });
    await expect(status).toContainText(/Henter til offline: \d+ af \d+ boliger/, { timeout: 60_000 });
    await expect(status).toContainText(/boliger er taget med offline/, { timeout: 360_000 });
    await expect(page.getByRole('img', { name: /^Taget med offline/ }).first()).toBeVisible();
    await context.close();

    // In the basement: the browser starts again without a network.
    ({ context, page } = await launch());
    await context.setOffline(true);
    await page.goto(`/departments/properties/${department.departmentId}`);
    await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
    await tellPageItIsOffline(context);
    await expect(page.getByText('Offline', { exact: true })).toBeVisible();
    await expect(page.getByRole('img', { name: 'Taget med offline' }).first()).toBeVisible();

    await navigateInApp(page, '/offline');
    await expect(page.getByRole('heading', { level: 1, name: 'Offline-data' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ hasText: department.departmentName });
    await expect(item).toContainText(`${department.propertiesCount} boliger · hentet ${today()}`);
    await expect(
      item.getByRole('button', { name: `Fjern ${department.departmentName} fra enheden` }),
    ).toBeVisible();
    await expectAccessible(page, 'storage panel');

    // Two residences with a draft, never opened on this device: their drafts' questions open.
    for (const residence of drafts) {
      await navigateInApp(page, `/residence/${residence.residenceId}`);
      await expect(page.getByRole('heading', { level: 1, name: residence.location })).toBeVisible();
      await page.getByRole('link', { name: /^Fortsæt vurderingen/ }).click();
      await expect(page).toHaveURL(
        new RegExp(`/assessment/${residence.residenceId}/${residence.assessmentId}/`),
      );
      // The draft's question, its last one too (then the form offers the results).
      await expect(page.getByRole('button', { name: /^(Næste|Se resultatet)$/ })).toBeVisible();
    }

    // The third has no assessment: one starts at the door.
    const assessmentId = await startScreeningAtTheDoor(page, free);

    // Every screening question, then ten of the evaluation; a breaker between chapters goes on.
    let screening = 0;
    let evaluation = 0;
    for (let step = 0; step < 80 && evaluation < 10; step++) {
      const dialog = page.getByRole('dialog');
      if (await dialog.isVisible()) {
        await dialog.getByRole('button').last().click();
        await expect(dialog).toHaveCount(0);
        continue;
      }
      const chapter = new URL(page.url()).pathname.split('/')[4];
      await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
      await answerCurrent(page);
      await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
      if (chapter === 'screening') screening++;
      else evaluation++;
      const at = page.url();
      await page.getByRole('button', { name: 'Næste' }).click();
      await expect.poll(async () => page.url() !== at || (await dialog.isVisible())).toBe(true);
    }
    expect(screening).toBe(10);
    expect(evaluation).toBe(10);

    // The persisted cache is written at most every 300 ms.
    await page.waitForTimeout(600);
    for (let reload = 0; reload < 2; reload++) {
      // The network stays off: telling the reloaded page so (fixtures.ts tellPageItIsOffline)
      // would let the outbox send in the moment between.
      await page.reload();
      await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
    }
    const local = (await storedOutbox(page)).filter((e) => e.assessmentId === assessmentId);
    expect(local[0]?.kind).toBe('create');
    // The last value given per question is what the server must end with.
    const given = new Map<string, string | undefined>();
    for (const entry of local.filter((e) => e.kind === 'answer'))
      given.set(entry.questionUniqueId!, payloadAnswerText(entry.payload ?? {}));
    expect(given.size).toBe(20);

    // Back in signal: the outbox drains by itself. An entry whose send failed waits out its
    // backoff first (up to 60 s and half again, src/offline/outbox-failures.ts): a CI run under
    // load had 2 of 21 entries left after 60 s.
    await context.setOffline(false);
    await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 120_000 }).toBe(0);
    const questions = await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
    expect(answerTexts(questions)).toEqual(given);
    // Hidden as the shared screening rules decide for these answers, and none of them answered.
    const hidden = questions.filter((q) => q.isHidden).map((q) => q.uniqueId);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden).toEqual(
      withScreeningApplied(questions, free.isConverted)
        .filter((q) => q.isHidden)
        .map((q) => q.uniqueId),
    );
    expect(hidden.filter((id) => given.has(id))).toEqual([]);
    const ids = await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${free.residenceId}`,
    );
    expect(ids.assessments).toEqual([assessmentId]);
    await context.close();
  });
});
