/**
 * npm run bench:bulk: the bulk flows as an office user drives them, in Chromium (desktop size)
 * against the real server (built PWA, in-memory PGlite with the demo data, job worker and hub
 * in this process). On the department with over 2,000 residences it copies a calculated
 * assessment to 1,000 residences without an assessment (chosen with the house-number filter and
 * "Vælg alle") and approves the 1,000 copies at once. It prints, for each flow, the time from
 * the click (Paste, Approve now) to the page after it (/approvecopied,
 * /approvecopied/confirmation) beside the job's own time on the server in the same run, and
 * the difference: what the app adds to the job.
 *
 * The job's time is the server's own record of it, the job row's created_at (queued) to its
 * finished_at (the clock the worker read for its last item), read from the database of the
 * server, which runs in this process. Timing the job from the browser's side (Playwright's
 * request event, then polling GET /api/v2/jobs/{id}) proved unreliable on a busy machine: the
 * request event sometimes arrived seconds after the POST, and the job then read as a tenth
 * of a second. The same clock (Date.now() in this process) also splits what the app adds into
 * the part before the job is queued (click → POST received) and the part after it finished
 * (progress to the hub, the app's refetch, the next page).
 */
import type { Page } from 'playwright-core';
import type { PropertyRow } from '../src/api/dto';
import {
  bigDepartment,
  demoToken,
  departmentRows,
  DESKTOP,
  launchChromium,
  markGuidanceTipsShown,
  newSignedInPage,
  startBenchServer,
} from './bench-browser-app';

const TARGETS = 1000;

const server = await startBenchServer({ JOB_WORKER: 'true', JOB_POLL_MS: '200' });
const { app, base } = server;
const token = await demoToken(base);
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

/**
 * The job the click queued, once its worker has finished it: queued and finished on the server's
 * clock. Found in the jobs table as the one job of its kind that was not there before the click
 * (the bench is the server's only user), not through the page's network events.
 */
async function finishedJob(
  kind: 'copy' | 'finish',
  before: Set<string>,
): Promise<{ createdAt: number; finishedAt: number }> {
  for (;;) {
    const jobs = (
      await app.db
        .selectFrom('jobs')
        .select(['id', 'created_at', 'finished_at', 'error_count', 'max_count'])
        .where('kind', '=', kind)
        .execute()
    ).filter((j) => !before.has(j.id));
    if (jobs.length > 1) throw new Error(`${jobs.length} new ${kind} jobs, expected one`);
    const [job] = jobs;
    if (job?.finished_at) {
      if (job.error_count > 0) throw new Error(`job ${job.id}: ${job.error_count} items failed`);
      if (job.max_count !== TARGETS) throw new Error(`job ${job.id}: ${job.max_count} items`);
      return {
        createdAt: new Date(job.created_at).getTime(),
        finishedAt: new Date(job.finished_at).getTime(),
      };
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Clicks, and measures click → `url` in the page beside the job's own time on the server. */
async function timed(page: Page, click: () => Promise<void>, kind: 'copy' | 'finish', url: RegExp) {
  const before = new Set((await app.db.selectFrom('jobs').select('id').execute()).map((j) => j.id));
  const clickedAt = Date.now();
  await click();
  await page.waitForURL(url, { timeout: 300_000 }).catch(async (error: unknown) => {
    // Which side stopped: no job queued, a job still running, or a page that did not go on.
    const jobs = await app.db
      .selectFrom('jobs')
      .select(['id', 'status', 'current_count', 'max_count', 'error_count'])
      .where('kind', '=', kind)
      .execute();
    const news = jobs.filter((j) => !before.has(j.id));
    throw new Error(`${page.url()}: new ${kind} jobs ${JSON.stringify(news)}`, { cause: error });
  });
  const nextPageAt = Date.now();
  const job = await finishedJob(kind, before);
  return {
    ui: nextPageAt - clickedAt,
    job: job.finishedAt - job.createdAt,
    beforeJob: job.createdAt - clickedAt,
    afterJob: nextPageAt - job.finishedAt,
  };
}

const browser = await launchChromium();
try {
  const { page } = await newSignedInPage(browser, base, token, DESKTOP);
  await markGuidanceTipsShown(page);
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
    'copy',
    /\/approvecopied$/,
  );
  const approve = await timed(
    page,
    () => page.getByRole('button', { name: 'Godkend nu' }).click(),
    'finish',
    /\/approvecopied\/confirmation$/,
  );

  const s = (ms: number) => (ms / 1000).toFixed(2);
  console.log(`Bulk flows in Chromium, ${TARGETS} residences of a department of ${rows.length} rows`);
  console.log(
    'flow                          click -> next page s   job on server s   app adds s   (before job s   after job s)',
  );
  for (const [name, r] of [
    ['copy (Paste -> /approvecopied)', copy],
    ['approve (Godkend nu -> done)', approve],
  ] as const) {
    console.log(
      `${name.padEnd(30)}${s(r.ui).padStart(20)}${s(r.job).padStart(18)}${s(r.ui - r.job).padStart(13)}` +
        `${s(r.beforeJob).padStart(16)}${s(r.afterJob).padStart(14)}`,
    );
  }
  console.log(
    '(job on server: the job row from created_at to finished_at; before job: click -> job queued;' +
      ' after job: job finished -> next page)',
  );
} finally {
  await browser.close();
  await app.close();
}
