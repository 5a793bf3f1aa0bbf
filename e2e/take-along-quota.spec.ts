import type { Page, Request } from '@playwright/test';
import { expect, test } from './test';
import type { Department } from '../shared/contract/dto';
import {
  answerCurrent,
  answerTexts,
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  payloadAnswerText,
  startScreeningOnline,
  storedOutbox,
} from './fixtures';

/**
 * Quota exceeded while taking data along (docs/architecture.md 2, "Taken along offline"): answers
 * typed offline wait in the outbox, and the device refuses the take along's write of the persisted
 * query cache with a QuotaExceededError. The take along stops and says the device is full and what
 * to remove, also on the storage panel; the queued answers are exactly as they were, and once they
 * may go the server holds exactly those answers.
 */

const SAVED_ON_DEVICE = 'Gemt på enheden – sendes, når du er online';
const QUOTA =
  'Der er ikke mere plads på enheden. Intet er gemt fra denne hentning. Fjern noget af det, du har taget med offline, og prøv igen. Svar, der ikke er sendt, er ikke rørt.';

interface StoredEntry {
  id: number;
  key: string;
  kind?: string;
  state: string;
  assessmentId: string;
  idempotencyKey: string;
  questionUniqueId: string;
  payload: { values?: string[]; numericValue?: number | null };
  createdAt: number;
}

/**
 * What a full device must not change: an entry's place in the queue, its identity and what it
 * asks of the server. Attempts and the retry time do change while the server answers 503.
 */
const queued = (entries: StoredEntry[]) =>
  entries.map(({ id, key, kind, assessmentId, idempotencyKey, questionUniqueId, payload, createdAt }) => ({
    id,
    key,
    kind,
    assessmentId,
    idempotencyKey,
    questionUniqueId,
    payload,
    createdAt,
  }));

interface QuotaWindow {
  /** Set by the test: the largest value the keyValues store still takes. */
  __e2eKeyValueLimit?: number;
  /** Writes refused so far. */
  __e2eQuotaRefusals?: number;
}

/**
 * A device that fills up, for the persisted query cache only. Installed before any page script
 * runs, so Dexie (loaded later, in the storage chunk) calls the wrapped put: once the test sets a
 * limit, a put into IndexedDB's keyValues store of a value longer than that throws the
 * DOMException a full origin raises. Dexie's mutate calls put inside a promise, so the table's put
 * rejects with it; the key-value mirror keeps it as its last error (key-value-mirror.ts), which is
 * what the take along's quota check and persistNow read (take-along.ts, isQuotaError). The outbox
 * store is never refused: the test is about queued answers surviving a full take along.
 */
async function simulateFullDevice(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = window as QuotaWindow;
    const put = IDBObjectStore.prototype.put;
    IDBObjectStore.prototype.put = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      const text = (value as { value?: unknown } | null)?.value;
      const limit = state.__e2eKeyValueLimit;
      if (
        this.name === 'keyValues' &&
        limit !== undefined &&
        typeof text === 'string' &&
        text.length > limit
      ) {
        state.__e2eQuotaRefusals = (state.__e2eQuotaRefusals ?? 0) + 1;
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      }
      return key === undefined ? put.call(this, value) : put.call(this, value, key);
    };
  });
}

/** The length of the persisted query cache as IndexedDB holds it now. */
function persistedCacheSize(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('boligtilgaengelighed');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = db.transaction('keyValues', 'readonly').objectStore('keyValues').get('bt-query-cache');
    const row = await new Promise<{ value: string } | undefined>((resolve, reject) => {
      read.onsuccess = () => resolve(read.result as { value: string } | undefined);
      read.onerror = () => reject(read.error);
    });
    db.close();
    return row?.value.length ?? 0;
  });
}

test('a full device stops the take along, says so, and leaves the queued answers intact', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what the assessor carries');
  test.setTimeout(90_000);
  const token = await demoToken(request, 'skriver');
  const { organization, rows } = await bigDepartment(request, token);
  // Among the streets bulk copy leaves alone (its first 100), clear of the stretches that
  // assessment-dialogs (30–45) and assessment-leaving (60–80) write in.
  const free = rows.filter((r) => r.assessmentId === null);
  const propertyId = free[90]!.residenceId;
  const assessmentId = await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${propertyId}`,
  );
  // Big enough that the run is still going when the cache outgrows the room left.
  const departments = await api<Department[]>(
    request,
    token,
    `/api/v2/properties/availabledepartments?organizationId=${organization.id}`,
  );
  const department = departments
    .filter((d) => d.propertiesCount >= 100)
    .sort((a, b) => a.propertiesCount - b.propertiesCount)[0]!;

  await simulateFullDevice(page);
  await startScreeningOnline(page, token, { propertyId, assessmentId });

  // Offline, the answers can only wait in the outbox.
  await context.setOffline(true);
  for (let i = 0; i < 3; i++) {
    await answerCurrent(page);
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
    await page.getByRole('button', { name: 'Næste' }).click();
    await expect(page).toHaveURL(new RegExp(`/screening/00${i + 2}$`));
  }
  const mine = async () =>
    (await storedOutbox<StoredEntry>(page)).filter((e) => e.assessmentId === assessmentId);
  const before = await mine();
  expect(before.map((e) => e.kind ?? 'answer')).toEqual(['answer', 'answer', 'answer']);

  // Back in signal, but the server cannot take answers yet: a 503 is retried later, never
  // parked, so the answers are still queued while the device fills up.
  let refused = 0;
  await context.route('**/api/v2/sync/syncanswer', (route) => {
    refused++;
    return route.fulfill({ status: 503, body: 'Service Unavailable' });
  });
  await context.setOffline(false);
  await expect.poll(() => refused).toBeGreaterThan(0);

  await page.goto(`/departments/properties/${department.departmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: department.departmentName })).toBeVisible();
  // The persisted cache is written at most every 300 ms: what the device holds now still fits,
  // a few residences more do not.
  await page.waitForTimeout(600);
  const room = (await persistedCacheSize(page)) + 100_000;
  await page.evaluate((limit) => {
    (window as QuotaWindow).__e2eKeyValueLimit = limit;
  }, room);

  // The API requests under way, so that the check of what the stopped run left waits for the
  // last of them, not for a time.
  const underWay = new Set<Request>();
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith('/api/')) underWay.add(r);
  });
  const ended = (r: Request) => underWay.delete(r);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);

  await page.getByRole('button', { name: 'Tag afdelingen med offline' }).click();
  const status = page.getByRole('alert', { name: 'Tag med offline' });
  await expect(status).toContainText(QUOTA, { timeout: 60_000 });
  // The stop came from the refused IndexedDB write, not from anything else failing.
  expect(await page.evaluate(() => (window as QuotaWindow).__e2eQuotaRefusals ?? 0)).toBeGreaterThan(0);
  // Nothing of the stopped run stays recorded, not even from a worker that was still fetching:
  // read once every request it had under way has ended.
  await expect.poll(() => underWay.size, { timeout: 30_000 }).toBe(0);
  const registry = await page.evaluate(
    () => JSON.parse(localStorage.getItem('bt:offline:registry') ?? '{}') as { residences?: object },
  );
  expect(registry.residences ?? {}).toEqual({});

  // The storage panel, from the header: the message stays in sight, nothing of the run is kept.
  await page.getByRole('link', { name: 'Offline-data' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Offline-data' })).toBeVisible();
  await expect(status).toContainText(QUOTA);
  await expect(page.getByText('Du har ikke taget noget med offline endnu.')).toBeVisible();
  await expect(page.getByText('Svar, der ikke er sendt, bliver aldrig fjernet her.')).toBeVisible();
  await expectAccessible(page, 'storage panel, device full');

  // The queued answers: the same entries, still waiting, and the header still says so.
  const after = await mine();
  expect(queued(after)).toEqual(queued(before));
  expect(after.map((e) => e.state)).not.toContain('parked');
  await expect(
    page.getByRole('button', { name: /^Se svar, der ikke er sendt: 3 svar venter på at blive sendt/ }),
  ).toBeVisible();

  // The server takes answers again; a moment offline and back makes the outbox send at once
  // instead of at its backoff.
  await context.unroute('**/api/v2/sync/syncanswer');
  await context.setOffline(true);
  await context.setOffline(false);
  await expect.poll(async () => (await mine()).length, { timeout: 60_000 }).toBe(0);
  const questions = await api<Parameters<typeof answerTexts>[0]>(
    request,
    token,
    `/api/v2/questions?assessmentId=${assessmentId}`,
  );
  // Exactly the queued answers: no other question of the assessment holds one.
  expect(answerTexts(questions)).toEqual(
    new Map(before.map((entry) => [entry.questionUniqueId, payloadAnswerText(entry.payload)])),
  );
});
