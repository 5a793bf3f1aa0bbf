import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from './test';
import type { AssessmentDetails, AssessmentListEntry, PropertyRow } from '../shared/contract/dto';
import {
  answerCurrent,
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  isDemoAssessment,
  signInWithToken,
} from './fixtures';

/**
 * Every assessment card on the residence screen and every entry of /activeAssessments is a way into
 * its assessment (docs/product.md 2 "Routes", `/assessment/{propertyId}/{assessmentId}`): an
 * editable one continues where it was left, a calculated one opens its results, a locked one opens
 * read-only. The two browser projects share one server, so each test takes other residences on the
 * phone than on the desktop, counted from the end of each list (the other specs count from the
 * front).
 */

interface ApiQuestion {
  uniqueId: string;
  id: string;
  chapterKind: 'screening' | 'evaluation';
  isHidden: boolean;
}

type Row = PropertyRow;

async function residencesOfBigDepartment(request: APIRequestContext, token: string) {
  const { organization, rows } = await bigDepartment(request, token);
  const byResidence = new Map<string, Row[]>();
  for (const row of rows)
    byResidence.set(row.residenceId, [...(byResidence.get(row.residenceId) ?? []), row]);
  return { organization, byResidence };
}

/** Residences whose rows `accept` says yes to, the n-th from the end, another one on the phone. */
function pickFromEnd(
  byResidence: Map<string, Row[]>,
  accept: (rows: Row[]) => boolean,
  project: string,
  n = 0,
): Row[] {
  const candidates = [...byResidence.values()].filter(
    (rows) => rows.every((r) => r.assessmentId === null || isDemoAssessment(r.assessmentId)) && accept(rows),
  );
  const index = candidates.length - 1 - 2 * n - (project === 'phone' ? 1 : 0);
  expect(index).toBeGreaterThanOrEqual(0);
  return candidates[index]!;
}

const single = (accept: (row: Row) => boolean) => (rows: Row[]) => rows.length === 1 && accept(rows[0]!);
const isDraft = (r: Row) => r.assessmentStatus === 'draft' && !r.isCalculated;

async function assessmentOf(request: APIRequestContext, token: string, row: Row) {
  const [details, questions] = await Promise.all([
    api<AssessmentDetails>(
      request,
      token,
      `/api/v2/assessment/getassessment?assessmentId=${row.assessmentId}&propertyId=${row.residenceId}`,
    ),
    api<ApiQuestion[]>(request, token, `/api/v2/questions?assessmentId=${row.assessmentId}`),
  ]);
  // The questions the form shows: not hidden by screening, screening skipped when converted.
  const visible = questions.filter(
    (q) => !q.isHidden && !(details.converted && q.chapterKind === 'screening'),
  );
  const last = visible.findIndex((q) => q.uniqueId === details.lastAnsweredQuestionUniqueId);
  return { details, questions, visible, last };
}

/** Where the form must open a draft: the question after the one answered last. */
async function expectedResume(request: APIRequestContext, token: string, row: Row) {
  const { visible, last } = await assessmentOf(request, token, row);
  expect(last, 'the draft has a last answered question').toBeGreaterThanOrEqual(0);
  return visible[last + 1];
}

/**
 * A draft left in the middle of a chapter (so no chapter breaker greets the user), from a stretch
 * of its own of the list of drafts: answering in one test never moves another test's pick.
 */
async function resumableDraft(
  request: APIRequestContext,
  token: string,
  byResidence: Map<string, Row[]>,
  stretch: number,
  /** The test answers where the draft resumes: that question must take answers. */
  answered = true,
): Promise<Row> {
  const drafts = [...byResidence.values()]
    .filter(single((r) => isDraft(r) && isDemoAssessment(r.assessmentId)))
    .map((rows) => rows[0]!);
  for (const row of drafts.reverse().slice(stretch * 6, stretch * 6 + 6)) {
    const { visible, last, details } = await assessmentOf(request, token, row);
    // Its next question takes answers: evaluation waits for a complete screening (docs/domain.md 3.1).
    const open =
      !answered ||
      details.screeningCompleted ||
      details.converted ||
      visible[last + 1]?.chapterKind === 'screening';
    if (last >= 0 && last + 2 < visible.length && visible[last + 1]!.id !== '001' && open) return row;
  }
  throw new Error(`no draft left in the middle of a chapter in stretch ${stretch}`);
}

/** "Gem svar og gå tilbage", then "Gem og luk": back on the residence. */
async function leaveThroughSaveAndClose(page: Page, row: Row) {
  await page.getByRole('button', { name: 'Gem svar og gå tilbage' }).click();
  await page
    .getByRole('dialog', { name: 'Luk vurderingen' })
    .getByRole('button', { name: 'Gem og luk' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/residence/${row.residenceId}$`));
}

const questionPath = (row: Row, q: ApiQuestion) =>
  `/assessment/${row.residenceId}/${row.assessmentId}/${q.chapterKind}/${q.id}`;

/** Answers the question on screen and waits until the server has it as the last answered one. */
async function answerAndWaitForServer(
  page: Page,
  request: APIRequestContext,
  token: string,
  row: Row,
  q: ApiQuestion,
) {
  await answerCurrent(page);
  await expect
    .poll(
      async () =>
        (
          await api<AssessmentDetails>(
            request,
            token,
            `/api/v2/assessment/getassessment?assessmentId=${row.assessmentId}&propertyId=${row.residenceId}`,
          )
        ).lastAnsweredQuestionUniqueId,
      { timeout: 20_000 },
    )
    .toBe(q.uniqueId);
}

test.describe('coming back to an assessment', () => {
  test('a draft continues from its residence card where it was left, and again after one more answer', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    const row = await resumableDraft(request, token, byResidence, testInfo.project.name === 'phone' ? 1 : 0);
    const first = (await expectedResume(request, token, row))!;

    await signInWithToken(page, token, `/residence/${row.residenceId}`);
    const card = page.getByRole('article');
    await expect(card).toHaveCount(1);
    await expect(card.getByText(/% besvaret$/)).toBeVisible();
    await expectAccessible(page, 'residence with the way into its draft');
    await card
      .getByRole('link', { name: /^Fortsæt vurderingen: Vurdering \d\d\.\d\d\.\d\d, Kladde$/ })
      .click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row, first)}$`));
    await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();

    await answerAndWaitForServer(page, request, token, row, first);
    const next = (await expectedResume(request, token, row))!;
    expect(next.uniqueId).not.toBe(first.uniqueId);

    // Leave through save-or-close, and come back through the card: it opens after the answer
    // just given, not where a cached copy of the assessment says it was left.
    await leaveThroughSaveAndClose(page, row);
    await page.getByRole('link', { name: /^Fortsæt vurderingen/ }).click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row, next)}$`));
  });

  test('offline, a draft continues after the answer typed on the device, not yet on the server', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    const row = await resumableDraft(request, token, byResidence, testInfo.project.name === 'phone' ? 5 : 4);
    const { visible } = await assessmentOf(request, token, row);
    const first = (await expectedResume(request, token, row))!;
    const afterFirst = visible[visible.findIndex((q) => q.uniqueId === first.uniqueId) + 1]!;

    await signInWithToken(page, token, `/residence/${row.residenceId}`);
    await page.getByRole('link', { name: /^Fortsæt vurderingen/ }).click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row, first)}$`));
    await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
    // The form's dialogs are code of their own, fetched after the first paint: offline they come
    // from the service worker, which must have them first.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });

    await page.context().setOffline(true);
    await answerCurrent(page);
    await expect(page.getByText('Gemt på enheden – sendes, når du er online')).toBeVisible();
    await leaveThroughSaveAndClose(page, row);
    await page.getByRole('link', { name: /^Fortsæt vurderingen/ }).click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row, afterFirst)}$`));

    // Online again the answer reaches the server, which then says the same.
    await page.context().setOffline(false);
    await expect
      .poll(async () => (await assessmentOf(request, token, row)).details.lastAnsweredQuestionUniqueId, {
        timeout: 30_000,
      })
      .toBe(first.uniqueId);
  });

  test('a draft continues from the list of active assessments', async ({ page, request }, testInfo) => {
    // axe over the organization's whole list (some 180 entries) takes a while on a busy machine.
    test.setTimeout(120_000);
    const token = await demoToken(request, 'skriver');
    const { organization, byResidence } = await residencesOfBigDepartment(request, token);
    const row = await resumableDraft(
      request,
      token,
      byResidence,
      testInfo.project.name === 'phone' ? 3 : 2,
      false,
    );
    const expected = (await expectedResume(request, token, row))!;
    const active = await api<AssessmentListEntry[]>(
      request,
      token,
      `/api/v2/assessment/getactiveassessments?organizationId=${organization.id}`,
    );
    const entry = active.find((a) => a.assessmentId === row.assessmentId)!;

    await signInWithToken(page, token, '/activeAssessments');
    await expect(page.getByRole('heading', { level: 1, name: 'Aktive vurderinger' })).toBeVisible();
    const link = page.getByRole('link', { name: `Fortsæt vurderingen: ${entry.location}` });
    // The address still leads to the residence, beside the way into the assessment.
    const item = page.getByRole('listitem').filter({ has: link });
    await expect(item.getByRole('link', { name: entry.location, exact: true })).toHaveAttribute(
      'href',
      `/residence/${row.residenceId}`,
    );
    await expectAccessible(page, 'active assessments with the ways into them');
    await link.click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row, expected)}$`));
  });

  test('a calculated assessment opens its results from the card', async ({ page, request }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    const [row] = pickFromEnd(
      byResidence,
      single((r) => r.assessmentStatus === 'draft' && r.isCalculated),
      testInfo.project.name,
    );
    await signInWithToken(page, token, `/residence/${row!.residenceId}`);
    // A complete draft invites a write user to approve it (automaticApproval, docs/product.md 2).
    await expect(page.getByText('Vurderingen kan godkendes')).toBeVisible();
    await page.getByRole('link', { name: /^Gå til godkendelse: Vurdering .*, Beregnet$/ }).click();
    await expect(page).toHaveURL(new RegExp(`/results/${row!.residenceId}/${row!.assessmentId}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Resultat' })).toBeVisible();
  });

  test('an approved assessment opens locked; unlocking it from the card opens the copy at its last answered question', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    const [row] = pickFromEnd(
      byResidence,
      single((r) => r.assessmentStatus === 'approved' && r.futureApprovedDate.startsWith('0001')),
      testInfo.project.name,
    );
    const approved = await assessmentOf(request, token, row!);
    const lastAnswered = approved.questions.find(
      (q) => q.uniqueId === approved.details.lastAnsweredQuestionUniqueId,
    )!;

    await signInWithToken(page, token, `/residence/${row!.residenceId}`);
    await page.getByRole('link', { name: /^Se vurderingen: Vurdering .*, Godkendt$/ }).click();
    await expect(page).toHaveURL(new RegExp(`${questionPath(row!, approved.visible[0]!)}$`));
    await expect(page.getByText('Vurderingen er låst og kan ikke ændres.')).toBeVisible();

    await page.goBack();
    await page.getByRole('button', { name: 'Lås op' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lås vurderingen op?' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'unlock dialog on the residence');
    await dialog.getByRole('button', { name: 'Lås op' }).click();
    await expect(page).toHaveURL(
      new RegExp(
        `/assessment/${row!.residenceId}/[0-9a-f-]{36}/${lastAnswered.chapterKind}/${lastAnswered.id}$`,
      ),
    );
    const newId = new URL(page.url()).pathname.split('/')[3];
    expect(newId).not.toBe(row!.assessmentId);
    const after = await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${row!.residenceId}`,
    );
    expect(after.assessments).toEqual(expect.arrayContaining([row!.assessmentId, newId]));
  });

  test('a new assessment over a draft abandons the draft and opens screening 001; a ready one only goes back', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'skriver');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    // Far from the drafts the other tests of this file resume (the last few dozen).
    const [draft] = pickFromEnd(byResidence, single(isDraft), testInfo.project.name, 25);
    const [ready] = pickFromEnd(
      byResidence,
      single((r) => r.assessmentStatus === 'ready'),
      testInfo.project.name,
    );

    await signInWithToken(page, token, `/residence/${ready!.residenceId}`);
    await page.getByRole('button', { name: 'Start en ny vurdering af boligen' }).click();
    const waiting = page.getByRole('dialog', { name: 'Vurderingen venter på godkendelse' });
    await expect(waiting).toBeVisible();
    await expect(waiting.getByRole('button', { name: 'Start ny vurdering' })).toHaveCount(0);
    await waiting.getByRole('button', { name: 'Tilbage' }).click();
    await expect(waiting).toHaveCount(0);

    await page.goto(`/residence/${draft!.residenceId}`);
    await page.getByRole('button', { name: 'Start en ny vurdering af boligen' }).click();
    const dialog = page.getByRole('dialog', { name: 'Boligen har en vurdering i gang' });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, 'overwrite warning on the residence');
    await dialog.getByRole('button', { name: 'Start ny vurdering' }).click();
    await expect(page).toHaveURL(
      new RegExp(`/assessment/${draft!.residenceId}/[0-9a-f-]{36}/screening/001$`),
    );
    const newId = new URL(page.url()).pathname.split('/')[3];
    expect(newId).not.toBe(draft!.assessmentId);
    const after = await api<{ assessments: string[] }>(
      request,
      token,
      `/api/v2/assessment/getassessments?propertyId=${draft!.residenceId}`,
    );
    expect(after.assessments).toEqual([newId]);
  });

  test('a read user opens every card read-only, a calculated one too', async ({
    page,
    request,
  }, testInfo) => {
    const token = await demoToken(request, 'laeser');
    const { byResidence } = await residencesOfBigDepartment(request, token);
    const two = pickFromEnd(
      byResidence,
      (rows) => rows.length === 2 && rows.some((r) => r.assessmentStatus === 'draft'),
      testInfo.project.name,
    );
    await signInWithToken(page, token, `/residence/${two[0]!.residenceId}`);
    await expect(page.getByRole('article')).toHaveCount(2);
    const links = page.getByRole('main').getByRole('link', { name: /^Se vurderingen: Vurdering / });
    await expect(links).toHaveCount(2);
    await expect(page.getByRole('link', { name: /^(Fortsæt vurderingen|Se resultatet)/ })).toHaveCount(0);
    await expectAccessible(page, 'residence, read only, with the ways into its assessments');
    for (const name of await links.evaluateAll((all) => all.map((a) => a.getAttribute('aria-label')!))) {
      await page.getByRole('link', { name }).click();
      await expect(page).toHaveURL(/\/assessment\/[^/]+\/[^/]+\/(screening|evaluation)\/\d+$/);
      await expect(page.getByText('Du kan se svarene, men ikke ændre dem.')).toBeVisible();
      await page.goBack();
    }

    const [calculated] = pickFromEnd(
      byResidence,
      single((r) => r.assessmentStatus === 'draft' && r.isCalculated),
      testInfo.project.name,
      1,
    );
    await page.goto(`/residence/${calculated!.residenceId}`);
    await page.getByRole('link', { name: /^Se vurderingen: Vurdering .*, Beregnet$/ }).click();
    await expect(page).toHaveURL(
      new RegExp(`/assessment/${calculated!.residenceId}/${calculated!.assessmentId}/`),
    );
    await expect(page.getByText('Du kan se svarene, men ikke ændre dem.')).toBeVisible();
  });
});
