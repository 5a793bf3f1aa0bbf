import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import type { Department, PropertyRow } from '../shared/contract/dto';
import type { Question } from '../shared/rules/answer-validation';

interface Organization {
  id: string;
  name: string;
}

/** A token from the demo sign-on, as a test would get one from a real SSO. */
export async function demoToken(
  request: APIRequestContext,
  userName: string,
  ttlS?: number,
): Promise<string> {
  const response = await request.post('/auth/demo-token', { data: { userName, ttlS } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * The guidance tips counted as already shown (docs/product.md 4), so that a tip opening by itself
 * on the first list visit does not cover the page of a spec about something else. Set before
 * any page script runs and only where nothing is remembered yet.
 */
export async function markGuidanceTipsShown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    try {
      if (localStorage.getItem('bt:guidance:shown') === null) {
        localStorage.setItem(
          'bt:guidance:shown',
          JSON.stringify(['firstListVisit', 'copyThenList', 'copyThenSelectThenList', 'summaryPage']),
        );
      }
    } catch {
      // about:blank and other pages without storage.
    }
  });
}

/** `tips: 'new'` keeps the guidance tips unseen (see markGuidanceTipsShown). */
export interface SignInOptions {
  tips?: 'shown' | 'new';
}

/**
 * An assessment of the demo data (server/src/db/seed/demo-assessments.ts numbers their ids), not
 * one another spec made while this one runs: a spec that picks "the n-th calculated residence"
 * must not pick a copy that a parallel bulk copy is about to approve.
 */
export const isDemoAssessment = (assessmentId: string | null): boolean =>
  assessmentId !== null && assessmentId.startsWith('30000000-0000-4000-8000-');

/** Signs in through the demo SSO page, as a person would. */
export async function signInThroughSso(
  page: Page,
  displayName: RegExp,
  options: SignInOptions = {},
): Promise<void> {
  if (options.tips !== 'new') await markGuidanceTipsShown(page);
  await page.goto('/');
  await page.getByRole('link', { name: 'Log ind' }).click();
  await page.getByRole('button', { name: displayName }).click();
}

/** Signs in by handing a token to /loginCallback, skipping the SSO page. */
export async function signInWithToken(
  page: Page,
  token: string,
  returnPath = '/',
  options: SignInOptions = {},
): Promise<void> {
  if (options.tips !== 'new') await markGuidanceTipsShown(page);
  await page.goto(`/loginCallback?${new URLSearchParams({ token, returnPath }).toString()}`);
}

/**
 * Signs in on a new assessment's first screening question, starts the screening and waits for
 * the service worker, so that the form keeps working when the test takes the network away.
 */
export async function startScreeningOnline(
  page: Page,
  token: string,
  assessment: { propertyId: string; assessmentId: string },
): Promise<void> {
  await signInWithToken(
    page,
    token,
    `/assessment/${assessment.propertyId}/${assessment.assessmentId}/screening/001`,
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
}

/**
 * Waits until the service worker controls the page, so that the app keeps working when the
 * test takes the network away. On a timeout the error says what the registration holds
 * (installing, waiting, active or nothing), which tells a slow install from a failed one.
 */
export async function waitForServiceWorker(page: Page, timeout = 30_000): Promise<void> {
  try {
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout });
  } catch (error) {
    const registration = await page.evaluate(async () => {
      const r = await navigator.serviceWorker.getRegistration();
      if (!r) return 'no registration';
      return `installing: ${r.installing?.state ?? '-'}, waiting: ${r.waiting?.state ?? '-'}, active: ${r.active?.state ?? '-'}`;
    });
    throw new Error(`no service worker controls the page after ${timeout} ms (${registration})`, {
      cause: error,
    });
  }
}

/** No serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A dialog fading in is measured half transparent (false contrast failures): wait for the
  // page's finite transitions to settle first (spinners run forever and do not count). A
  // transition begins a frame or two after the state that starts it, so wait for two first.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    null,
    { timeout: 5_000 },
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    bad.map(
      (v) =>
        `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(' ')} ${n.any[0]?.message ?? ''}`).join(', ')}`,
    ),
    `axe on ${label}`,
  ).toEqual([]);
}

/** A GET (or POST) of the API as the given user; the test fails unless it answers 200. */
export async function api<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  method: 'GET' | 'POST' = 'GET',
): Promise<T> {
  const response = await request.fetch(path, { method, headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), path).toBe(200);
  return (await response.json()) as T;
}

/** The user's first organization and its departments. */
export async function firstOrganizationDepartments(request: APIRequestContext, token: string) {
  const [organization] = await api<Organization[]>(request, token, '/api/v2/organizations/getorganizations');
  const departments = await api<Department[]>(
    request,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization!.id}`,
  );
  return { organization: organization!, departments };
}

/** The department with the most residences in the user's first organization, and its rows. */
export async function bigDepartment(request: APIRequestContext, token: string) {
  const { organization, departments } = await firstOrganizationDepartments(request, token);
  const department = [...departments].sort((a, b) => b.propertiesCount - a.propertiesCount)[0]!;
  const rows = await api<PropertyRow[]>(
    request,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
  );
  return { organization, department, rows };
}

/**
 * A new assessment (through the API) of a residence of the big department that has none, and
 * the question catalogue by "chapterKind/id", as a form's URL names its questions.
 */
export async function newAssessmentInBigDepartment(request: APIRequestContext, token: string) {
  const { rows, department } = await bigDepartment(request, token);
  const residence = rows.find((r) => r.assessmentId === null)!;
  const assessmentId = await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${residence.residenceId}`,
  );
  const questions = await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
  const catalogue = new Map(questions.map((q) => [`${q.chapterKind}/${q.id}`, q]));
  return { department, propertyId: residence.residenceId, assessmentId, catalogue };
}

/**
 * A residence without any assessment, in the smallest department of the user's first
 * organization: no spec that reads the big department's lists meets the drafts made there. The
 * first that is free now: an earlier test of the worker (e2e/test.ts) may have taken others.
 */
export async function freeResidenceInSmallestDepartment(request: APIRequestContext, token: string) {
  const { departments } = await firstOrganizationDepartments(request, token);
  const department = departments
    .filter((d) => d.propertiesCount > 0)
    .sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;
  const rows = await api<PropertyRow[]>(
    request,
    token,
    `/api/v2/properties/propertiesbydepartment?locationId=${department.departmentId}`,
  );
  const byResidence = new Map<string, PropertyRow[]>();
  for (const row of rows)
    byResidence.set(row.residenceId, [...(byResidence.get(row.residenceId) ?? []), row]);
  const demoFree = [...byResidence.values()].filter((own) =>
    own.every((r) => !isDemoAssessment(r.assessmentId)),
  );
  const residence = demoFree.find((own) => own.every((r) => r.assessmentId === null))?.[0];
  expect(residence, `a free residence in ${department.departmentName}`).toBeDefined();
  return { department, residence: residence! };
}

/** A new draft (through the API) of a free residence of the smallest department. */
export async function newAssessmentInSmallestDepartment(request: APIRequestContext, token: string) {
  const { residence } = await freeResidenceInSmallestDepartment(request, token);
  const propertyId = residence.residenceId;
  const assessmentId = await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${propertyId}`,
  );
  return { propertyId, assessmentId };
}

/** The property list's bar for the selected residences (Kopiér, Redigér, Godkend …). */
export const selectionActionBar = (page: Page) =>
  page.getByRole('region', { name: 'Handlinger for de valgte boliger' });

/**
 * The day a date picker's "15" means after one "Næste måned", as the app shows it (dd.mm.yy): the
 * picker opens on the month of the first day it offers, tomorrow in Copenhagen, so on a month's
 * last day (from midnight there) that is the 15th of the month after next.
 */
export function fifteenthOfNextMonth(): string {
  const now = new Date(new Date().toLocaleString('en-US', { timeZone: 'Europe/Copenhagen' }));
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  const day = new Date(tomorrow.getFullYear(), tomorrow.getMonth() + 1, 15);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `15.${pad(day.getMonth() + 1)}.${pad(day.getFullYear() % 100)}`;
}

/** Answers the question on screen with its first (or second) option or the smallest valid number. */
export async function answerCurrent(page: Page, which: 'first' | 'second' = 'first'): Promise<void> {
  const radios = page.getByRole('radio');
  if ((await radios.count()) > 0) {
    await radios.nth(which === 'first' ? 0 : 1).click();
    return;
  }
  const boxes = page.getByRole('checkbox');
  if ((await boxes.count()) > 0) {
    if (!(await boxes.first().isChecked())) await boxes.first().check();
    return;
  }
  const input = page.getByLabel(/^Værdi i/);
  const range = (await page.getByText(/^Mellem /).textContent()) ?? '';
  const [, start] = /Mellem (-?[\d,]+) og/.exec(range) ?? [];
  await input.fill(start ?? '0');
  await input.press('Tab');
}

/** The question's answer controls (options, boxes or the number field): visible once it is shown. */
export const answerControls = (page: Page) =>
  page
    .getByRole('radio')
    .or(page.getByRole('checkbox'))
    .or(page.getByLabel(/^Værdi i/));

/** One syncanswer request as a spec saw it: its key, body, question, and status or network error. */
export interface SyncAttempt {
  key: string;
  body: string;
  questionUniqueId: string;
  outcome: number | string;
}

/**
 * Nothing applied twice and nothing lost: each key sent with one body only and taken (200) at most
 * once, refused with no status but the `retried` ones, and the newest request of every answered
 * question taken. A refused answer that a newer one of its question replaced in the outbox is never
 * sent again.
 */
export function expectEachAnswerTakenOnce(
  attempts: readonly SyncAttempt[],
  answered: Iterable<string>,
  retried: readonly number[],
): void {
  const byKey = new Map<string, SyncAttempt[]>();
  for (const a of attempts) byKey.set(a.key, [...(byKey.get(a.key) ?? []), a]);
  for (const [key, tries] of byKey) {
    expect(new Set(tries.map((a) => a.body)).size, key).toBe(1);
    expect(tries.filter((a) => a.outcome === 200).length, key).toBeLessThanOrEqual(1);
    expect(
      tries.filter((a) => typeof a.outcome === 'number' && a.outcome !== 200 && !retried.includes(a.outcome)),
      key,
    ).toEqual([]);
  }
  for (const uniqueId of answered)
    expect(attempts.filter((a) => a.questionUniqueId === uniqueId).at(-1)?.outcome, uniqueId).toBe(200);
}

/** An outbox entry as a spec reads it from IndexedDB (src/offline/db.ts OutboxRecord). */
export interface StoredOutboxEntry {
  /** Absent on entries stored before schema 3. */
  kind?: string;
  ssoUuid: string;
  assessmentId: string;
  questionUniqueId?: string;
  payload?: { values?: string[]; numericValue?: number | null };
}

/** Every entry of the app's outbox as stored in IndexedDB (src/offline/db.ts), read in the page. */
export function storedOutbox<T = StoredOutboxEntry>(page: Page): Promise<T[]> {
  return storedRows<T>(page, 'outbox');
}

/**
 * Every row of a table of the app's IndexedDB database (src/offline/db.ts), read in the page.
 * Bytes (an ArrayBuffer) do not cross into the test: read them in the page.
 */
export function storedRows<T>(page: Page, table: string): Promise<T[]> {
  return page.evaluate(async (name) => {
    const open = indexedDB.open('boligtilgaengelighed');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = db.transaction(name, 'readonly').objectStore(name).getAll();
    const rows = await new Promise<unknown[]>((resolve, reject) => {
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => reject(read.error);
    });
    db.close();
    return rows;
  }, table) as Promise<T[]>;
}

/** A question as the API lists it, as far as its answer goes. */
interface AnsweredQuestion {
  uniqueId: string;
  numericQuestionValue: number | null;
  options: { answerId: string; isSelected: boolean }[];
}

/**
 * The answers a question list holds, per question: the chosen ids (JSON, in the list's order)
 * or the number, as text; unanswered questions are left out. Compared with `payloadAnswerText`
 * of what the outbox queued (or with what a test gave), it says whether the server ends with it.
 */
export function answerTexts(questions: readonly AnsweredQuestion[]): Map<string, string> {
  const texts = new Map<string, string>();
  for (const q of questions) {
    const selected = q.options.filter((o) => o.isSelected).map((o) => o.answerId);
    if (selected.length > 0) texts.set(q.uniqueId, JSON.stringify(selected));
    else if (q.numericQuestionValue !== null) texts.set(q.uniqueId, String(q.numericQuestionValue));
  }
  return texts;
}

/** A queued answer's payload as `answerTexts` writes it; undefined for an answer left empty. */
export function payloadAnswerText(payload: {
  values?: string[];
  numericValue?: number | null;
}): string | undefined {
  if (payload.values && payload.values.length > 0) return JSON.stringify(payload.values);
  if (payload.numericValue !== undefined && payload.numericValue !== null)
    return String(payload.numericValue);
  return undefined;
}

/**
 * Under Playwright's offline emulation, Chromium 150 fails the requests of a document loaded
 * after the emulation was turned on (a reload, a new page) but tells it `navigator.onLine` is
 * true. Turning the emulation off and on again tells it the truth, which a phone without a
 * network says from the start.
 */
export async function tellPageItIsOffline(context: BrowserContext): Promise<void> {
  await context.setOffline(false);
  await context.setOffline(true);
}

/** A move inside the app, as a tap on a link does: no page load. */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    history.pushState({}, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/**
 * On a residence without assessments: "Start screening" (online or off, the app chooses the id)
 * and the intro dismissed; answers the new assessment's id.
 */
export async function startScreeningAtTheDoor(
  page: Page,
  residence: { residenceId: string; location: string },
): Promise<string> {
  await navigateInApp(page, `/residence/${residence.residenceId}`);
  await expect(page.getByRole('heading', { level: 1, name: residence.location })).toBeVisible();
  await page.getByRole('button', { name: 'Start screening' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/assessment/${residence.residenceId}/[0-9a-f-]{36}/screening/001$`),
  );
  const assessmentId = new URL(page.url()).pathname.split('/')[3]!;
  await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return assessmentId;
}

/**
 * Answers `count` questions in a row (answerCurrent), each showing the save status `status`,
 * going on past a chapter's breaker dialog; stays on the last question answered.
 */
export async function answerInARow(page: Page, count: number, status: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  for (let answered = 0; answered < count;) {
    if (await dialog.isVisible()) {
      await dialog.getByRole('button').last().click();
      await expect(dialog).toHaveCount(0);
      continue;
    }
    await answerCurrent(page);
    await expect(page.getByText(status)).toBeVisible();
    if (++answered === count) return;
    const at = page.url();
    await page.getByRole('button', { name: 'Næste' }).click();
    await expect.poll(async () => page.url() !== at || (await dialog.isVisible())).toBe(true);
  }
}

/**
 * A screening started without signal (docs/architecture.md 4 "Offline start"): online first, so
 * that a draft's questions (the catalogue) and the app reach the device, then offline on the
 * residence's "Start screening". Leaves the page on the new assessment's first question, offline,
 * and answers the id the app chose.
 */
export async function startScreeningOffline(
  page: Page,
  context: BrowserContext,
  token: string,
  { draft, residenceId }: { draft: Pick<PropertyRow, 'residenceId' | 'assessmentId'>; residenceId: string },
): Promise<string> {
  const questionsLoaded = page.waitForResponse((r) => r.url().includes('/api/v2/questions?'));
  await signInWithToken(page, token, `/assessment/${draft.residenceId}/${draft.assessmentId}/screening/001`);
  await questionsLoaded;
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.goto(`/residence/${residenceId}`);
  const start = page.getByRole('button', { name: 'Start screening' });
  await expect(start).toBeVisible();

  await context.setOffline(true);
  await start.click();
  await expect(page).toHaveURL(new RegExp(`/assessment/${residenceId}/[0-9a-f-]{36}/screening/001$`));
  const assessmentId = new URL(page.url()).pathname.split('/')[3]!;
  await page.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  return assessmentId;
}
