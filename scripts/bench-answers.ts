/**
 * npm run bench:answers: in Chromium, enqueues 500 answers while offline through the app's
 * outbox, goes online and prints the time until the server has all of them, beside the time
 * the same 500 POSTs take sent directly in a loop from the same page (the physical limit on
 * this machine), and the time one enqueue takes (a tap shown as saved on the device).
 * Targets (README "Benchmarks"): outbox within 1.5x of the direct loop; enqueue under 50 ms.
 */
import { execSync } from 'node:child_process';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { BENCH_RATE_LIMITS } from './server-child';
import { apiGet, bigDepartment, demoToken, departmentRows, launchChromium } from './bench-browser-app';

const OUT = '/tmp/bt-bench-answers';
const N = 500;
execSync('npx vite build --config scripts/bench-answers/vite.config.ts', {
  stdio: 'ignore',
  env: { ...process.env, BENCH_OUT_DIR: OUT },
});
const app = await buildApp(loadConfig({ DATABASE_URL: 'memory://', STATIC_DIR: OUT, ...BENCH_RATE_LIMITS }));
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

interface Q {
  uniqueId: string;
  type: string;
  isHidden: boolean;
  numericQuestionSettings: { rangeStart: number | null; rangeEnd: number | null } | null;
  options: { answerId: string; exclusive: boolean }[];
}

const get = <T>(path: string): Promise<T> => apiGet<T>(base, token, path);

const token = await demoToken(base);
const big = await bigDepartment(base, token);
const rows = await departmentRows<{
  residenceId: string;
  assessmentId: string | null;
  assessmentStatus: string | null;
  isCalculated: boolean;
  isConverted: boolean;
}>(base, token, big.departmentId);
const free = rows.filter((r) => r.assessmentId === null).map((r) => r.residenceId);
// Each draft is a copy of an approved assessment with every answer: its screening is complete, so
// its evaluation questions take answers (docs/domain.md 3.1 "Screening first").
const source = rows.find((r) => r.assessmentStatus === 'approved' && r.isCalculated && !r.isConverted)!;

/** Distinct (assessment, question) answers, so the outbox cannot merge any of them. */
async function answerSet(offset: number) {
  const answers: { assessmentId: string; propertyId: string; questionUniqueId: string; payload: object }[] =
    [];
  for (let i = 0; answers.length < N; i++) {
    const propertyId = free[offset + i]!;
    const assessmentId = await get<string>(
      `/api/v2/assessment/createnewassessment?propertyId=${propertyId}&sourceAssessmentIdToCopyFrom=${source.assessmentId}`,
    );
    const questions = await get<Q[]>(`/api/v2/questions?assessmentId=${assessmentId}`);
    for (const q of questions) {
      if (answers.length >= N) break;
      // Evaluation answers only: screening answers would change which questions are hidden.
      if (q.uniqueId.startsWith('S') || q.isHidden) continue;
      const payload =
        q.type === 'numeric'
          ? { numericValue: q.numericQuestionSettings?.rangeStart ?? 0 }
          : { values: [q.options.find((o) => !o.exclusive)!.answerId] };
      answers.push({ assessmentId, propertyId, questionUniqueId: q.uniqueId, payload });
    }
  }
  return answers;
}

const browser = await launchChromium();
try {
  const direct = await answerSet(0);
  const queued = await answerSet(20);
  const context = await browser.newContext();
  await context.addCookies([{ name: 'authentication_token', value: token, url: base }]);
  const page = await context.newPage();
  await page.goto(`${base}/index.html`);
  await page.waitForSelector('body[data-ready="true"]');

  // The physical limit: the same kind of request, one after another, straight from the page.
  const directMs = await page.evaluate(async (items) => {
    const { apiRequest } = (
      window as unknown as { bench: { apiRequest: (p: string, o: object) => Promise<unknown> } }
    ).bench;
    const t0 = performance.now();
    for (const [i, a] of items.entries()) {
      await apiRequest('/api/v2/sync/syncanswer', {
        method: 'POST',
        body: { assessmentId: a.assessmentId, questionUniqueId: a.questionUniqueId, ...a.payload },
        headers: { 'Idempotency-Key': `direct-${i}` },
      });
    }
    return performance.now() - t0;
  }, direct);

  await context.setOffline(true);
  const enqueueMs = await page.evaluate(async (items) => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const b = (window as any).bench;
    const db = b.appDatabase();
    const ssoUuid = b.tokenStore.claims().sso_uuid;
    const times: number[] = [];
    for (const a of items) {
      const t0 = performance.now();
      await b.enqueueAnswer(db, {
        ...a,
        ssoUuid,
        locationText: '',
        questionTitle: a.questionUniqueId,
        valueText: '',
      });
      times.push(performance.now() - t0);
    }
    return times;
  }, queued);

  // The sender as the app runs it (bookkeeping on the relaxed connection); started offline,
  // its first send fails and backs off, as on a phone in a basement.
  await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const b = (window as any).bench;
    const sender = b.createOutboxSender({ db: b.appDatabaseRelaxed(), send: b.sendSyncAnswer });
    await sender.start();
    (window as unknown as { __sender: unknown }).__sender = sender;
  });
  await context.setOffline(false);
  const drainMs = await page.evaluate(async () => {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const b = (window as any).bench;
    const db = b.appDatabase();
    const t0 = performance.now();
    window.dispatchEvent(new Event('online'));
    for (;;) {
      const snapshot = await b.outboxSnapshot(db);
      if (snapshot.pendingCount === 0) return { ms: performance.now() - t0, parked: snapshot.parkedCount };
      await new Promise((r) => setTimeout(r, 20));
    }
  });

  const sorted = [...enqueueMs].sort((a, b) => a - b);
  const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
  console.log(`${N} answers, each a distinct question (no merging):`);
  console.log(`  direct loop of ${N} POSTs:              ${directMs.toFixed(0)} ms`);
  console.log(
    `  outbox: online -> server has all ${N}:   ${drainMs.ms.toFixed(0)} ms  (parked: ${drainMs.parked})`,
  );
  console.log(
    `  ratio outbox / direct:                  ${(drainMs.ms / directMs).toFixed(2)}  (target <= 1.5)`,
  );
  console.log(
    `  one enqueue (saved on the device): median ${pct(0.5).toFixed(1)} ms, p95 ${pct(0.95).toFixed(1)} ms, max ${sorted.at(-1)!.toFixed(1)} ms  (target < 50 ms)`,
  );
} finally {
  await browser.close();
  await app.close();
}
