/**
 * npm run bench:bulk: the bulk flows as an office user drives them, in Chromium (desktop size)
 * against the real server (built PWA, in-memory PGlite with the demo data, job worker and hub
 * in this process). On the department with over 2,000 residences it copies a calculated
 * assessment to 1,000 residences without an assessment (chosen with the house-number filter and
 * "Vælg alle") and approves the 1,000 copies at once. It prints, for each flow, the time from
 * the click (Paste, Approve now) to the page after it (/approvecopied,
 * /approvecopied/confirmation) beside the job's own time on the server in the same run: from
 * the POST that queued it to the moment GET /api/v2/jobs/{id} first reads it complete (polled
 * every 25 ms from this process). The difference is what the app adds to the job.
 */
import type { Page } from 'playwright-core';
import type { JobState, PropertyRow } from '../src/api/dto';
import {
  apiGet,
  bigDepartment,
  demoToken,
  departmentRows,
  DESKTOP,
  launchChromium,
  newSignedInPage,
  startBenchServer,
} from './bench-browser-app';

const TARGETS = 1000;
const POLL_MS = 25;

const server = await startBenchServer({ JOB_WORKER: 'true', JOB_POLL_MS: '200' });
const { base } = server;
const token = await demoToken(base);
const get = <T>(path: string): Promise<T> => apiGet<T>(base, token, path);
const big = await bigDepartment(base, token);
const rows = await departmentRows<PropertyRow>(base, token, big.departmentId);

const leadingNumber = (streetNumber: string) => /^\d+/.exec(streetNumber)?.[0] ?? streetNumber;
const perResidence = new Map<string, number>();
for (const row of rows) perResidence.set(row.residenceId, (perResidence.get(row.residenceId) ?? 0) + 1);

// The source: a residence whose only assessment is calculated, so its copies can be approved.
const source = rows.find(
  (r) => perResidence.get(r.residenceId) === 1 && r.assessmentStatus === 'draft' && r.isCalculated,
)!;

// House numbers whose residences without an assessment (the source's excluded) add up to exactly
// TARGETS: the number filter with the status filter "Ikke påbegyndt" then shows just those.
const perNumber = new Map<string, number>();
for (const row of rows) {
  if (row.assessmentId !== null || row.residenceId === source.residenceId) continue;
  const n = leadingNumber(row.streetNumber);
  perNumber.set(n, (perNumber.get(n) ?? 0) + 1);
}
const reach = new Map<number, string[]>([[0, []]]);
for (const [n, size] of perNumber)
  for (const [sum, chosen] of [...reach.entries()])
    if (sum + size <= TARGETS && !reach.has(sum + size)) reach.set(sum + size, [...chosen, n]);
const numbers = reach.get(TARGETS);
if (!numbers)
  throw new Error(`no set of house numbers holds exactly ${TARGETS} residences without an assessment`);

/** Polls the job until it is complete; answers the milliseconds since `queuedAt`. */
async function jobDone(jobId: string, queuedAt: number): Promise<number> {
  for (;;) {
    const state = await get<JobState>(`/api/v2/jobs/${jobId}`);
    if (state.maxCount > 0 && state.currentCount === state.maxCount) {
      if (state.errorCount > 0) throw new Error(`job ${jobId}: ${state.errorCount} items failed`);
      return performance.now() - queuedAt;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Clicks, and measures click → `url` in the page and POST → job complete on the server. */
async function timed(page: Page, click: () => Promise<void>, jobPath: string, url: RegExp) {
  const posted = page.waitForRequest(`**${jobPath}`);
  const answered = page.waitForResponse(`**${jobPath}`);
  const t0 = performance.now();
  await click();
  await posted;
  const queuedAt = performance.now();
  const { jobId } = (await (await answered).json()) as { jobId: string };
  const [job] = await Promise.all([jobDone(jobId, queuedAt), page.waitForURL(url, { timeout: 300_000 })]);
  return { ui: performance.now() - t0, job };
}

const browser = await launchChromium();
try {
  const { page } = await newSignedInPage(browser, base, token, DESKTOP);
  // The guidance tips count as seen: one opening by itself would cover the list.
  await page.addInitScript(() =>
    localStorage.setItem(
      'bt:guidance:shown',
      JSON.stringify(['firstListVisit', 'copyThenList', 'copyThenSelectThenList', 'summaryPage']),
    ),
  );
  await page.goto(`${base}/departments/properties/${big.departmentId}`);
  await page.getByRole('heading', { level: 1 }).waitFor();

  // Copy: the source selected, Kopiér, then the targets by filter and "Vælg alle".
  await page.getByLabel('Filtrér på vej').fill(source.streetName);
  await page.getByLabel('Filtrér på husnummer').fill(leadingNumber(source.streetNumber));
  await page.getByLabel('Filtrér på status').selectOption('calculated');
  await page.getByRole('checkbox', { name: `Vælg ${source.location}`, exact: true }).check();
  await page
    .getByRole('region', { name: 'Handlinger for de valgte boliger' })
    .getByRole('button', { name: 'Kopiér', exact: true })
    .click();
  await page.getByLabel('Filtrér på vej').fill('');
  await page.getByLabel('Filtrér på husnummer').fill(numbers.join(','));
  await page.getByLabel('Filtrér på status').selectOption('notStarted');
  await page.getByRole('checkbox', { name: 'Vælg alle' }).click();
  await page.getByRole('button', { name: `Videre (${TARGETS})` }).click();
  await page.waitForURL(/\/copy$/);

  const copy = await timed(
    page,
    () => page.getByRole('button', { name: `Indsæt (${TARGETS})` }).click(),
    '/api/v2/assessment/copyassessments',
    /\/approvecopied$/,
  );
  const approve = await timed(
    page,
    () => page.getByRole('button', { name: 'Godkend nu' }).click(),
    '/api/v2/assessment/finishassessments',
    /\/approvecopied\/confirmation$/,
  );

  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(`Bulk flows in Chromium, ${TARGETS} residences of a department of ${rows.length} rows`);
  console.log('flow                          click -> next page s   job on server s   app adds s');
  for (const [name, r] of [
    ['copy (Paste -> /approvecopied)', copy],
    ['approve (Godkend nu -> done)', approve],
  ] as const) {
    console.log(
      `${name.padEnd(30)}${s(r.ui).padStart(20)}${s(r.job).padStart(18)}${s(r.ui - r.job).padStart(13)}`,
    );
  }
  console.log(`(job: POST sent -> GET /api/v2/jobs/{id} reads it complete, polled every ${POLL_MS} ms)`);
} finally {
  await browser.close();
  await server.close();
}
