/**
 * npm run bench:bulk: the bulk flows at the size of a real department (docs/product.md 4 "Bulk
 * mode", "At the size of a department"), as an office user drives them in Chromium (desktop
 * size) against the real server (the built PWA, the demo data, the job worker with a 200 ms poll
 * and the hub, all in this process), first on an in-memory PGlite and then on PostgreSQL. Each
 * database gets a server of its own.
 *
 * On the demo's biggest department (2,207 residences) the bench copies one calculated assessment
 * to every residence the list lets it choose (the department list: the source selected, Kopiér,
 * "Nulstil filtre", "Vælg alle", "Videre (n)", then "Indsæt (n)" on /copy; ready residences and
 * the source cannot be chosen, so n is about 2,179) and approves all the copies ("Godkend nu" on
 * /approvecopied). A small office copies to a handful; a real department copies to thousands,
 * and the bench asks what that costs. For each database it prints:
 *
 * - the copy and the approval: click → next page (/approvecopied, /approvecopied/confirmation)
 *   with items per second, beside the job's own time on the server (the job row's created_at,
 *   queued, to its finished_at, the clock the worker read for its last item; both written with
 *   this process's clock) and what the app adds before the job is queued and after it ended;
 * - the longest main-thread task (a buffered PerformanceObserver for 'longtask' installed before
 *   the app starts; a task of 120 ms made on purpose at the end checks that it sees them) in
 *   each stretch of the flow: choosing all, the /copy summary, the copy's progress dialog,
 *   /approvecopied, the approval's progress dialog, and the two result pages
 *   (/approvecopied/confirmation, then /copied, reached in the app by a history push), each from
 *   the route change until the virtualized list has been scrolled to its last item, which reads
 *   the job's items a page at a time (GET /api/v2/jobs/{jobId}/items). A department's targets
 *   once rendered in full with every progress message: 2,182 long tasks in the copy's dialog,
 *   and the page six minutes behind a job of 28 s;
 * - how long "Videre (n)" lay under Kopiér's toast (8 s) before it could be clicked, apart from
 *   the click's own time to /copy;
 * - the wait of a one-item job of another organization queued behind the big copy: while the copy
 *   runs, a fake copy job of one item is queued straight into the database (enqueueJob, as the
 *   user `flere` in one of flere's organizations that is not the department's) and timed from
 *   its enqueue to its finished_at. The queue takes organizations round-robin, so it should wait
 *   for about one item of the copy, not for the copy. The worker is not woken: it is busy with
 *   the copy and looks for other organizations' jobs after every item.
 *
 * PostgreSQL: BENCH_DATABASE_URL, else TEST_DATABASE_URL (`bash scripts/start-test-postgres.sh`
 * prints one); the bench creates a database of its own there (bench_bulk_<random>) and drops it
 * at the end. Without either URL it runs on PGlite only and says so.
 *
 * Figures only: the bench asserts no timing. It stops on a functional failure (a job with failed
 * items or of the wrong size, a page that never comes). The browser's console errors, uncaught
 * errors and API responses of 400 and above are printed with the figures.
 */
import { randomBytes } from 'node:crypto';
import { freshPostgresDatabase } from './fresh-postgres';
import type { Browser, Page } from 'playwright-core';
import type { PropertyRow } from '../shared/contract/dto';
import { copyTargetBlocks } from '../src/domain/bulk-selection';
import type { App } from '../server/src/app';
import { enqueueJob } from '../server/src/jobs/queue';
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

/** A job of over 2,000 items on a busy machine: the longest a page may take to come. */
const PAGE_TIMEOUT_MS = 900_000;

/**
 * Installed before the app's own scripts: long tasks (buffered, so none before the observer is
 * missed) and every route change (the router's pushState and replaceState), both on the page's
 * clock (performance.now()).
 */
const PAGE_PROBE = `(() => {
  const bench = (window.__bench = { tasks: [], navs: [] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  for (const name of ['pushState', 'replaceState']) {
    const original = history[name];
    history[name] = function (...args) {
      const result = original.apply(this, args);
      bench.navs.push([location.pathname, performance.now()]);
      return result;
    };
  }
})();`;

interface PageProbe {
  tasks: [number, number][];
  navs: [string, number][];
}

interface FlowTimes {
  /** Click → the next page's URL, on this process's clock. */
  ui: number;
  /** The job row: created_at → finished_at. */
  job: number;
  /** Click → the job queued. */
  beforeJob: number;
  /** The job finished → the next page. */
  afterJob: number;
  jobId: string;
}

interface LongTasks {
  max: number;
  count: number;
}

interface QueuedBehind {
  /** enqueueJob called → the job's finished_at. */
  waitMs: number;
  /** Items of the big copy done meanwhile. */
  copyItemsMeanwhile: number;
  organizationName: string;
}

interface Result {
  database: string;
  departmentName: string;
  residences: number;
  rows: number;
  n: number;
  expectedN: number;
  copy: FlowTimes;
  approve: FlowTimes;
  queuedBehind: QueuedBehind;
  selectAllMs: number;
  /** Click on "Videre (n)" → /copy with "Indsæt (n)". */
  summaryMs: number;
  /** What lay over "Videre (n)" when it was to be clicked, and until when. */
  continueCovered: { by: string; ms: number } | null;
  /** Every long task of the page, sign-in to the end. */
  allTasks: LongTasks;
  tasks: { label: string; tasks: LongTasks; note?: string }[];
  problems: string[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const now = (page: Page) => page.evaluate(() => performance.now());
const probe = (page: Page) => page.evaluate(() => (window as unknown as { __bench: PageProbe }).__bench);

/** The long tasks that started in [from, to) on the page's clock. */
function longTasksIn(data: PageProbe, from: number, to: number): LongTasks {
  const inside = data.tasks.filter(([start]) => start >= from && start < to).map(([, duration]) => duration);
  return { max: inside.length > 0 ? Math.max(...inside) : 0, count: inside.length };
}

/** When the app first moved to `path` after `after`, on the page's clock. */
function routeChange(data: PageProbe, path: string, after: number): number {
  const nav = data.navs.find(([p, t]) => p === path && t >= after);
  if (!nav) throw new Error(`no route change to ${path} recorded after ${after.toFixed(0)} ms`);
  return nav[1];
}

/**
 * Scrolls the window to the end of the virtualized list until its last item (`total` - 1) is
 * there; each scroll to the end brings the rows near the last one read into view and the list
 * reads the next page. Answers the number of scrolls.
 */
async function scrollToEnd(page: Page, listLabel: string, total: number): Promise<number> {
  const list = page.locator(`ul[aria-label="${listLabel}"]`);
  await list.locator('li').first().waitFor({ timeout: PAGE_TIMEOUT_MS });
  const last = list.locator(`li[data-position="${total - 1}"]`);
  for (let scrolls = 1; ; scrolls++) {
    const height = await page.evaluate(() => {
      const h = document.documentElement.scrollHeight;
      window.scrollTo(0, h);
      return h;
    });
    if ((await last.count()) > 0) return scrolls;
    // The next page makes the list taller, or the last item appears.
    await page
      .waitForFunction(
        ({ h, selector }) =>
          document.documentElement.scrollHeight > h || document.querySelector(selector) !== null,
        { h: height, selector: `ul[aria-label="${listLabel}"] li[data-position="${total - 1}"]` },
        { timeout: 60_000 },
      )
      .catch((error: unknown) => {
        throw new Error(`${listLabel}: no more rows after ${scrolls} scrolls`, { cause: error });
      });
  }
}

/** A fresh database on the PostgreSQL server at `admin`, dropped afterwards. */
const freshPostgres = (admin: string) => freshPostgresDatabase(admin, 'bench_bulk');

/** One run of both flows on a server of its own. */
async function benchDatabase(browser: Browser, database: string, env: NodeJS.ProcessEnv): Promise<Result> {
  const server = await startBenchServer({ JOB_WORKER: 'true', JOB_POLL_MS: '200', ...env });
  const { app, base } = server;
  try {
    return await runFlows(browser, database, app, base);
  } finally {
    await server.close();
  }
}

async function runFlows(browser: Browser, database: string, app: App, base: string): Promise<Result> {
  const token = await demoToken(base);
  const big = await bigDepartment(base, token);
  const rows = await departmentRows<PropertyRow>(base, token, big.departmentId);
  const residences = new Set(rows.map((r) => r.residenceId)).size;
  const perResidence = new Map<string, number>();
  for (const row of rows) perResidence.set(row.residenceId, (perResidence.get(row.residenceId) ?? 0) + 1);

  // The source: a residence whose only assessment is calculated, so its copies can be approved.
  const source = rows.find(
    (r) => perResidence.get(r.residenceId) === 1 && r.assessmentStatus === 'draft' && r.isCalculated,
  );
  if (!source) throw new Error('no residence whose only assessment is calculated');
  // What the list will let the user choose (the app's own rule): every row less the blocked ones.
  const expectedN =
    rows.length -
    copyTargetBlocks(rows, { propertyId: source.residenceId, assessmentId: source.assessmentId! }).size;

  // The job the click queued: the one job of its kind in the department's organization that was
  // not there before the click, read from the server's database (not the page's network events:
  // on a busy machine they arrive late).
  const jobsOf = (kind: 'copy' | 'finish') =>
    app.db
      .selectFrom('jobs')
      .select([
        'id',
        'status',
        'created_at',
        'finished_at',
        'current_count',
        'error_count',
        'max_count',
        'last_error',
      ])
      .where('kind', '=', kind)
      .where('organization_id', '=', big.organizationId)
      .execute();
  const jobIds = async (kind: 'copy' | 'finish') => new Set((await jobsOf(kind)).map((j) => j.id));
  const newJob = async (kind: 'copy' | 'finish', before: Set<string>) => {
    const jobs = (await jobsOf(kind)).filter((j) => !before.has(j.id));
    if (jobs.length > 1) throw new Error(`${jobs.length} new ${kind} jobs, expected one`);
    return jobs[0];
  };

  async function finishedJob(kind: 'copy' | 'finish', before: Set<string>, items: number) {
    for (;;) {
      const job = await newJob(kind, before);
      if (job?.finished_at) {
        if (job.error_count > 0 || job.status !== 'succeeded')
          throw new Error(
            `${kind} job ${job.id}: ${job.status}, ${job.error_count} items failed (${job.last_error ?? ''})`,
          );
        if (job.max_count !== items)
          throw new Error(`${kind} job ${job.id}: ${job.max_count} items, not ${items}`);
        return {
          id: job.id,
          createdAt: new Date(job.created_at).getTime(),
          finishedAt: new Date(job.finished_at).getTime(),
        };
      }
      await sleep(100);
    }
  }

  /** Clicks, and measures click → `url` beside the job's own time on the server. */
  async function timed(
    page: Page,
    click: () => Promise<void>,
    kind: 'copy' | 'finish',
    url: RegExp,
    items: number,
    meanwhile: (before: Set<string>) => Promise<void> = async () => {},
  ): Promise<FlowTimes> {
    const before = await jobIds(kind);
    const clickedAt = Date.now();
    await click();
    const [nextPageAt] = await Promise.all([
      page
        .waitForURL(url, { timeout: PAGE_TIMEOUT_MS })
        .then(() => Date.now())
        .catch(async (error: unknown) => {
          // Which side stopped: no job queued, a job still running, or a page that did not go on.
          const news = (await jobsOf(kind)).filter((j) => !before.has(j.id));
          throw new Error(`${page.url()}: new ${kind} jobs ${JSON.stringify(news)}`, { cause: error });
        }),
      meanwhile(before),
    ]);
    const job = await finishedJob(kind, before, items);
    return {
      ui: nextPageAt - clickedAt,
      job: job.finishedAt - job.createdAt,
      beforeJob: job.createdAt - clickedAt,
      afterJob: nextPageAt - job.finishedAt,
      jobId: job.id,
    };
  }

  /**
   * Once the copy has done an item: a one-item fake copy job of another organization, queued
   * straight into the database, timed from enqueue to its finished_at.
   */
  let queuedBehind: QueuedBehind | null = null;
  /** Set when the run ends (also by a failure): the loops that poll the database stop. */
  let ended = false;
  const stillRunning = () => {
    if (ended) throw new Error('the run ended');
  };
  async function queueOneBehind(before: Set<string>): Promise<void> {
    const flere = await app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'flere')
      .executeTakeFirstOrThrow();
    const other = await app.db
      .selectFrom('memberships')
      .innerJoin('organizations', 'organizations.id', 'memberships.organization_id')
      .select(['organizations.id', 'organizations.name'])
      .where('memberships.user_id', '=', flere.id)
      .where('memberships.organization_id', '!=', big.organizationId)
      .orderBy('organizations.name')
      .executeTakeFirstOrThrow();
    const residence = await app.db
      .selectFrom('residences')
      .select('id')
      .where('organization_id', '=', other.id)
      .limit(1)
      .executeTakeFirstOrThrow();
    let copyAtEnqueue = 0;
    for (;;) {
      stillRunning();
      const copy = await newJob('copy', before);
      if (copy?.finished_at)
        throw new Error(`the copy job ${copy.id} ended before anything was queued behind it`);
      if (copy && copy.current_count > 0) {
        copyAtEnqueue = copy.current_count;
        break;
      }
      await sleep(50);
    }
    const enqueuedAt = new Date();
    const { jobId } = await enqueueJob(
      app.db,
      {
        kind: 'copy',
        userId: flere.id,
        organizationId: other.id,
        isFake: true,
        sourceAssessmentId: null,
        idempotencyKey: undefined,
        requestHash: 'bench-bulk',
        items: [{ propertyId: residence.id, assessmentId: null, validFrom: null }],
        maxQueuedItems: 1_000_000,
      },
      enqueuedAt,
    );
    for (;;) {
      stillRunning();
      const job = await app.db
        .selectFrom('jobs')
        .select(['status', 'finished_at'])
        .where('id', '=', jobId)
        .executeTakeFirstOrThrow();
      if (job.finished_at) {
        if (job.status !== 'succeeded') throw new Error(`the one-item job ${jobId} ended ${job.status}`);
        const copy = await newJob('copy', before);
        queuedBehind = {
          waitMs: new Date(job.finished_at).getTime() - enqueuedAt.getTime(),
          copyItemsMeanwhile: (copy?.current_count ?? copyAtEnqueue) - copyAtEnqueue,
          organizationName: other.name,
        };
        return;
      }
      await sleep(50);
    }
  }

  const { context, page } = await newSignedInPage(browser, base, token, DESKTOP);
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('response', (response) => {
    if (response.status() >= 400 && new URL(response.url()).pathname.startsWith('/api/'))
      problems.push(
        `${response.status()} ${response.request().method()} ${new URL(response.url()).pathname}`,
      );
  });
  try {
    await markGuidanceTipsShown(page);
    await context.addInitScript(PAGE_PROBE);
    await page.goto(`${base}/departments/properties/${big.departmentId}`);
    await page.getByRole('heading', { level: 1 }).waitFor();

    // The source selected (found with the filters: the list renders only the rows in view), Kopiér.
    await page.getByLabel('Filtrér på vej').fill(source.streetName);
    await page
      .getByLabel('Filtrér på husnummer')
      .fill(/^\d+/.exec(source.streetNumber)?.[0] ?? source.streetNumber);
    await page.getByLabel('Filtrér på status').selectOption('calculated');
    await page.getByRole('checkbox', { name: `Vælg ${source.location}`, exact: true }).check();
    await page
      .getByRole('region', { name: 'Handlinger for de valgte boliger' })
      .getByRole('button', { name: 'Kopiér', exact: true })
      .click();

    // Every residence of the department: no filter, "Vælg alle", "Videre (n)".
    const clear = page.getByRole('button', { name: 'Nulstil filtre' });
    await clear.click();
    await clear.waitFor({ state: 'detached' });
    const selectAllAt = await now(page);
    let t0 = Date.now();
    await page.getByRole('checkbox', { name: 'Vælg alle' }).click();
    const next = page.getByRole('button', { name: /^Videre \(\d+\)$/ });
    await page.getByRole('checkbox', { name: 'Fravælg alle' }).waitFor();
    const selectAllMs = Date.now() - t0;
    const n = Number(/\d+/.exec((await next.textContent()) ?? '')?.[0]);
    if (!(n > 0)) throw new Error(`"Vælg alle" chose ${n} residences`);
    // What a user sees at "Videre (n)": the toast of Kopiér ("Vælg de boliger …", 8 s) may lie
    // over it. Playwright waits until nothing covers the button; that wait is not the app's work
    // after the click, so it is timed on its own.
    const coveredBy = await next.evaluate((button) => {
      const r = button.getBoundingClientRect();
      const top = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      if (!top || button.contains(top)) return null;
      const cover = top.closest('[role=alert],[role=status],[role=dialog]') ?? top;
      return (cover.textContent ?? '').trim().slice(0, 70) || cover.tagName;
    });
    t0 = Date.now();
    await next.click({ trial: true });
    const continueCoveredMs = coveredBy === null ? 0 : Date.now() - t0;
    const continueAt = await now(page);
    t0 = Date.now();
    await next.click();
    await page.waitForURL(/\/copy$/);
    const paste = page.getByRole('button', { name: `Indsæt (${n})` });
    await paste.waitFor();
    const summaryMs = Date.now() - t0;

    const pasteAt = await now(page);
    const copy = await timed(page, () => paste.click(), 'copy', /\/approvecopied$/, n, queueOneBehind);
    await page.getByRole('heading', { level: 1, name: 'Godkend kopierede vurderinger' }).waitFor();
    const approveNow = page.getByRole('button', { name: 'Godkend nu' });
    await approveNow.waitFor();

    const approveAt = await now(page);
    const approve = await timed(
      page,
      () => approveNow.click(),
      'finish',
      /\/approvecopied\/confirmation$/,
      n,
    );
    await page.getByRole('heading', { level: 1, name: 'Kopierne er godkendt' }).waitFor();
    const confirmationScrolls = await scrollToEnd(page, 'Godkendte vurderinger', n);
    const confirmationDoneAt = await now(page);

    // /copied, in the app (the router follows a history push as it follows its own links); the
    // confirmation's leave guard lets the copies' list through.
    await page.evaluate(() => window.scrollTo(0, 0));
    const copiedFrom = await now(page);
    await page.evaluate(() => {
      const index = ((history.state as { __TSR_index?: number } | null)?.__TSR_index ?? 0) + 1;
      const key = Math.random().toString(36).slice(2);
      history.pushState({ __TSR_index: index, key, __TSR_key: key }, '', '/copied');
    });
    await page.waitForURL(/\/copied$/);
    await page.getByRole('heading', { level: 1, name: 'Kopierede vurderinger' }).waitFor();
    const copiedScrolls = await scrollToEnd(page, 'Kopierede boliger', n);
    const copiedDoneAt = await now(page);

    if (!queuedBehind) throw new Error('the one-item job of another organization was not timed');
    // The probe itself: a task of 120 ms made on purpose must be seen (no long tasks above is
    // then a finding, not a probe that saw nothing).
    const selfTestAt = await now(page);
    // A task of the page's own (a script run over the DevTools protocol is not reported).
    await page.evaluate(() => {
      setTimeout(() => {
        const start = performance.now();
        while (performance.now() - start < 120);
      }, 0);
    });
    await page
      .waitForFunction(
        (from) =>
          (window as unknown as { __bench: PageProbe }).__bench.tasks.some(([start]) => start >= from),
        selfTestAt,
        { timeout: 10_000 },
      )
      .catch((error: unknown) => {
        throw new Error('the long-task observer did not see a task of 120 ms', { cause: error });
      });
    const data = await probe(page);
    data.tasks = data.tasks.filter(([start]) => start < selfTestAt);
    const copyNav = routeChange(data, '/copy', continueAt);
    const approveCopiedNav = routeChange(data, '/approvecopied', pasteAt);
    const confirmationNav = routeChange(data, '/approvecopied/confirmation', approveAt);
    const copiedNav = routeChange(data, '/copied', copiedFrom);
    return {
      database,
      departmentName: big.departmentName,
      residences,
      rows: rows.length,
      n,
      expectedN,
      copy,
      approve,
      queuedBehind,
      selectAllMs,
      summaryMs,
      continueCovered: coveredBy === null ? null : { by: coveredBy, ms: continueCoveredMs },
      allTasks: longTasksIn(data, 0, Infinity),
      tasks: [
        { label: '"Vælg alle" -> "Fravælg alle"', tasks: longTasksIn(data, selectAllAt, continueAt) },
        { label: '"Videre (n)" -> /copy', tasks: longTasksIn(data, continueAt, pasteAt) },
        { label: '  of which /copy rendered', tasks: longTasksIn(data, copyNav, pasteAt) },
        { label: 'copy progress dialog', tasks: longTasksIn(data, pasteAt, approveCopiedNav) },
        { label: '/approvecopied rendered', tasks: longTasksIn(data, approveCopiedNav, approveAt) },
        { label: 'approval progress dialog', tasks: longTasksIn(data, approveAt, confirmationNav) },
        {
          label: '/approvecopied/confirmation',
          tasks: longTasksIn(data, confirmationNav, confirmationDoneAt),
          note: `route change -> scrolled to item ${n} (${confirmationScrolls} scrolls)`,
        },
        {
          label: '/copied',
          tasks: longTasksIn(data, copiedNav, copiedDoneAt),
          note: `route change -> scrolled to item ${n} (${copiedScrolls} scrolls)`,
        },
      ],
      problems,
    };
  } finally {
    ended = true;
    await context.close();
  }
}

/** The longest task, or "-" when none reached 50 ms (the long-task threshold). */
const maxOf = (tasks: LongTasks) => (tasks.count === 0 ? '-' : tasks.max.toFixed(0));

function print(r: Result): void {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const rate = (ms: number) => (r.n / (ms / 1000)).toFixed(1);
  console.log('');
  console.log(
    `${r.database}: department "${r.departmentName}", ${r.residences.toLocaleString('en')} residences ` +
      `(${r.rows.toLocaleString('en')} rows); copy to n = ${r.n.toLocaleString('en')} ` +
      (r.n === r.expectedN
        ? '(every selectable residence)'
        : `(the app's rule says ${r.expectedN.toLocaleString('en')} are selectable)`),
  );
  console.log(
    '  flow                                    click -> page s  items/s   job s  job items/s   app adds s  (before job  after job)',
  );
  for (const [name, f] of [
    ['copy (Indsæt -> /approvecopied)', r.copy],
    ['approval (Godkend nu -> confirmation)', r.approve],
  ] as const) {
    console.log(
      `  ${name.padEnd(38)}${s(f.ui).padStart(16)}${rate(f.ui).padStart(9)}${s(f.job).padStart(8)}` +
        `${rate(f.job).padStart(13)}${s(f.ui - f.job).padStart(13)}${s(f.beforeJob).padStart(13)}` +
        `${s(f.afterJob).padStart(11)}`,
    );
  }
  console.log(
    `  one-item job of another organization (${r.queuedBehind.organizationName}) queued behind the copy: ` +
      `${r.queuedBehind.waitMs.toFixed(0)} ms enqueue -> finished_at; the copy did ` +
      `${r.queuedBehind.copyItemsMeanwhile} items meanwhile`,
  );
  console.log(
    `  "Vælg alle" -> all chosen: ${s(r.selectAllMs)} s; click "Videre (n)" -> /copy with "Indsæt (n)": ${s(r.summaryMs)} s`,
  );
  if (r.continueCovered)
    console.log(
      `  "Videre (n)" could not be clicked for ${s(r.continueCovered.ms)} s: covered by "${r.continueCovered.by}"`,
    );
  console.log('  longest main-thread task                  max ms  long tasks');
  for (const { label, tasks, note } of r.tasks) {
    console.log(
      `  ${label.padEnd(38)}${maxOf(tasks).padStart(10)}${String(tasks.count).padStart(12)}` +
        (note ? `  (${note})` : ''),
    );
  }
  console.log(
    `  ${'the whole run (every page)'.padEnd(38)}${maxOf(r.allTasks).padStart(10)}${String(r.allTasks.count).padStart(12)}`,
  );
  const problems = [...new Set(r.problems)];
  console.log(
    problems.length === 0
      ? '  browser: no console errors, no uncaught errors, no API response >= 400'
      : `  browser:\n${problems.map((p) => `    ${p}`).join('\n')}`,
  );
}

const admin = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || null;
const results: Result[] = [];
const browser = await launchChromium();
try {
  console.log('PGlite (in memory): copying to the whole department and approving…');
  results.push(await benchDatabase(browser, 'PGlite (in memory)', {}));
  print(results.at(-1)!);
  // The PostgreSQL server serves the same build.
  process.env.BENCH_SKIP_BUILD = '1';
  if (admin) {
    const label = `PostgreSQL (${process.env.BENCH_DATABASE_URL ? 'BENCH_DATABASE_URL' : 'TEST_DATABASE_URL'})`;
    console.log(`\n${label}: copying to the whole department and approving…`);
    const database = await freshPostgres(admin);
    try {
      results.push(
        await benchDatabase(browser, label, {
          DATABASE_URL: database.url,
          DEMO_SSO: 'true',
          JWT_SECRET: randomBytes(32).toString('base64url'),
        }),
      );
    } finally {
      await database.drop();
    }
    print(results.at(-1)!);
  } else {
    console.log(
      '\nPostgreSQL: SKIPPED, neither BENCH_DATABASE_URL nor TEST_DATABASE_URL is set ' +
        '(eval "export $(bash scripts/start-test-postgres.sh)" starts one).',
    );
  }
  console.log(
    "\n(click -> page: this process's clock from the click to the next page's URL; job: the job row from " +
      'created_at to finished_at; app adds: the difference, split into click -> job queued and job finished -> ' +
      "next page; long tasks: main-thread tasks of 50 ms or more ('-' for none) seen by the page's " +
      'PerformanceObserver, each stretch from its click or route change to the next mark)',
  );
} finally {
  await browser.close();
}
