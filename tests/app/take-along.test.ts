// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { dehydrate, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import {
  locatedAssessmentsQueryOptions,
  residenceAssessmentRefs,
} from '../../src/api/get-located-assessments';
import { propertiesByDepartmentQueryOptions } from '../../src/api/get-properties-by-department';
import { departmentsQueryOptions } from '../../src/api/get-departments';
import { organizationsQueryOptions } from '../../src/api/get-organizations';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { staticContentQueryOptions } from '../../src/api/get-static-content';
import { userInfoQueryOptions } from '../../src/api/user-info';
import { createQueryClient } from '../../src/app/query-client';
import {
  departmentProgress,
  isKeptOffline,
  offlineRegistry,
  resetOfflineRegistry,
} from '../../src/offline/client-state';
import { residenceQueryKeys } from '../../src/offline/take-along/residence-query-keys';
import { takeAlong } from '../../src/offline/take-along/take-along';
import type { Preloader, TakeAlongProgress } from '../../src/offline/take-along/take-along-types';
import { AppDatabase } from '../../src/offline/db';
import { createMirroredStorage } from '../../src/offline/mirrored-storage';
import { createQueryPersistence, PERSISTED_CACHE_KEY } from '../../src/offline/query-persistence';
import { json } from './test-render';

/**
 * "Tag med offline" (docs/architecture.md 2, "Taken along offline"): the run through the route
 * loaders' query options with a stubbed API: progress per residence, cancel, and a full device that
 * stops the run without touching the outbox.
 */

const RESIDENCES = 10;
const residenceId = (n: number) => `r${n}`;
/** Every other residence has one assessment. */
const assessmentOf = (n: number) => (n % 2 === 0 ? `a${n}` : null);

function stubApi(options: { delayMs?: number } = {}) {
  const calls: string[] = [];
  const answer = (url: URL) => {
    const path = url.pathname;
    if (path.endsWith('/propertiesbydepartment'))
      return Array.from({ length: RESIDENCES }, (_, n) => ({
        residenceId: residenceId(n),
        location: `Testvej ${n}, 8000`,
        departmentId: 'd1',
        assessmentId: assessmentOf(n),
      }));
    if (path.endsWith('/availabledepartments'))
      return [{ departmentId: 'd1', departmentName: 'Afd. 1', propertiesCount: RESIDENCES }];
    if (path.endsWith('/getproperty')) {
      const id = url.searchParams.get('propertyId')!;
      const n = Number(id.slice(1));
      const a = assessmentOf(n);
      return {
        id,
        beliggenhed: `Testvej ${n}, 8000`,
        departmentId: 'd1',
        departmentName: 'Afd. 1',
        isConverted: false,
        vurderinger: a
          ? [{ vurderingId: a, boligId: id, vurderingsStatus: 'draft', konverteret: false }]
          : [],
      };
    }
    if (path.endsWith('/getlocatedassessments')) return [{ assessmentId: 'x', progress: 0 }];
    if (path.endsWith('/getassessment'))
      return { assessmentId: url.searchParams.get('assessmentId'), assessmentStatus: 'draft' };
    if (path.endsWith('/questions')) return [{ id: '001', uniqueId: 'q1', chapterKind: 'screening' }];
    if (path.endsWith('/getassessmentscores')) return [];
    if (path.endsWith('/staticcontent'))
      return { translationSettings: { translations: {} }, helpScreenSettings: { helpScreenPerQuestion: {} } };
    throw new Error(`unexpected ${path}`);
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      calls.push(url.pathname + url.search);
      if (options.delayMs)
        await new Promise((resolve, reject) => {
          const timer = setTimeout(resolve, options.delayMs);
          init?.signal?.addEventListener('abort', () => {
            clearTimeout(timer);
            reject(new DOMException('aborted', 'AbortError'));
          });
        });
      return json(answer(url));
    }),
  );
  return calls;
}

/** What the app's route loaders ask for (src/routes/...), as `router.preloadRoute` runs them. */
function loaderPreloader(
  queryClient: QueryClient,
): Preloader & { running: () => number; most: () => number } {
  let running = 0;
  let most = 0;
  const track = async <T>(work: () => Promise<T>) => {
    running++;
    most = Math.max(most, running);
    try {
      return await work();
    } finally {
      running--;
    }
  };
  return {
    running: () => running,
    most: () => most,
    department: (departmentId) =>
      track(() =>
        Promise.all([
          queryClient.ensureQueryData(departmentsQueryOptions('org-1')),
          queryClient.ensureQueryData(propertiesByDepartmentQueryOptions(departmentId)),
        ]),
      ),
    residence: (propertyId) =>
      track(async () => {
        const property = await queryClient.ensureQueryData(propertyQueryOptions(propertyId));
        const refs = residenceAssessmentRefs(property);
        if (refs.length > 0) await queryClient.ensureQueryData(locatedAssessmentsQueryOptions(refs));
      }),
    assessment: (propertyId, assessmentId) =>
      // The router swallows a loader's failure in a preload; the run checks the cache.
      Promise.all([
        queryClient.ensureQueryData(assessmentQueryOptions(assessmentId, propertyId)),
        queryClient.ensureQueryData(questionsQueryOptions(assessmentId)),
      ]).catch(() => undefined),
  };
}

const departmentRequest = {
  kind: 'department',
  organizationId: 'org-1',
  departmentId: 'd1',
  departmentName: 'Afd. 1',
} as const;

/** The department taken along to the end, nothing persisted: what a later start finds. */
const takeDepartmentAlong = (queryClient: QueryClient) =>
  takeAlong(departmentRequest, {
    queryClient,
    preload: loaderPreloader(queryClient),
    persistence: null,
    signal: new AbortController().signal,
    onProgress: () => {},
  });

/** The department taken along, two residences at a time, stopped by the user after `stopAt`. */
function takeDepartmentUntil(queryClient: QueryClient, stopAt: number) {
  const controller = new AbortController();
  return takeAlong(departmentRequest, {
    queryClient,
    preload: loaderPreloader(queryClient),
    persistence: null,
    signal: controller.signal,
    concurrency: 2,
    onProgress: (p) => {
      if (p.done === stopAt) controller.abort();
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  resetOfflineRegistry();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('take along', () => {
  it('fetches every residence through the loaders, four at a time, reporting progress and bytes', async () => {
    stubApi({ delayMs: 5 });
    const queryClient = createQueryClient(() => {});
    const preload = loaderPreloader(queryClient);
    const seen: TakeAlongProgress[] = [];
    const result = await takeAlong(departmentRequest, {
      queryClient,
      preload,
      persistence: null,
      signal: new AbortController().signal,
      onProgress: (p) => seen.push(p),
    });

    expect(result).toMatchObject({ phase: 'done', done: RESIDENCES, total: RESIDENCES, failed: 0 });
    expect(result.bytes).toBeGreaterThan(0);
    const dones = seen.map((p) => p.done);
    expect(dones).toEqual([...dones].sort((a, b) => a - b));
    expect(new Set(dones).size).toBe(RESIDENCES + 1);
    expect(preload.most()).toBeLessThanOrEqual(4);
    expect(preload.most()).toBeGreaterThan(1);

    const registry = offlineRegistry();
    expect(Object.keys(registry.residences)).toHaveLength(RESIDENCES);
    expect(registry.departments.d1).toMatchObject({ name: 'Afd. 1', residenceCount: RESIDENCES });
    expect(registry.departments.d1?.unfinished).toBeUndefined();
    expect(departmentProgress(registry, 'd1')).toEqual({
      done: RESIDENCES,
      total: RESIDENCES,
      unfinished: false,
    });
    expect(registry.residences.r2).toMatchObject({ assessmentIds: ['a2'], sources: ['department:d1'] });
    // Kept without time limit, so they survive in the persisted cache past the 15-minute gcTime.
    for (const key of [
      propertyQueryOptions('r3').queryKey,
      questionsQueryOptions('a4').queryKey,
      propertiesByDepartmentQueryOptions('d1').queryKey,
    ]) {
      expect(isKeptOffline(key)).toBe(true);
      expect(queryClient.getQueryCache().find({ queryKey: key, exact: true })?.gcTime).toBe(Infinity);
    }
    // The keep rule matches every key the screens read, as the src/api key factories build them.
    for (const key of [
      ...residenceQueryKeys(queryClient, 'r2'),
      departmentsQueryOptions('org-1').queryKey,
      organizationsQueryOptions().queryKey,
      staticContentQueryOptions().queryKey,
      userInfoQueryOptions().queryKey,
    ])
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(true);
    expect(residenceQueryKeys(queryClient, 'r2')).toHaveLength(5);
    // A residence not taken along keeps the usual 15 minutes.
    expect(isKeptOffline(propertyQueryOptions('elsewhere').queryKey)).toBe(false);
    // The record is written to local storage: a restart finds it before the cache is restored.
    resetOfflineRegistry();
    expect(Object.keys(offlineRegistry().residences)).toHaveLength(RESIDENCES);
  });

  it('counts the bytes on the wire from the start, so the figure never drops', async () => {
    // A resource-timing observer as the browser has one: entries reach the callback a task
    // late, and takeRecords hands over those not delivered yet.
    const pending: { name: string; transferSize: number; encodedBodySize: number }[] = [];
    let delivered = 0;
    class FakeObserver {
      static supportedEntryTypes = ['resource'];
      constructor(private readonly callback: (list: { getEntries: () => unknown[] }) => void) {}
      observe() {}
      disconnect() {}
      takeRecords() {
        return pending.splice(0);
      }
      deliverLater() {
        setTimeout(() => {
          const entries = pending.splice(0);
          delivered += entries.length;
          if (entries.length > 0) this.callback({ getEntries: () => entries });
        }, 0);
      }
    }
    const observers: FakeObserver[] = [];
    vi.stubGlobal(
      'PerformanceObserver',
      class extends FakeObserver {
        constructor(callback: (list: { getEntries: () => unknown[] }) => void) {
          super(callback);
          observers.push(this);
        }
      },
    );
    stubApi();
    const stubbedFetch = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: string, init?: RequestInit) => {
      const response = await stubbedFetch(input, init);
      pending.push({ name: `http://localhost${input}`, transferSize: 100, encodedBodySize: 90 });
      observers.forEach((o) => o.deliverLater());
      return response;
    });
    const queryClient = createQueryClient(() => {});
    // The page had the department's list and the help texts already: the run starts without
    // a request of its own, the meter at 0.
    await queryClient.fetchQuery(propertiesByDepartmentQueryOptions('d1'));
    await queryClient.fetchQuery(staticContentQueryOptions());
    await queryClient.fetchQuery(departmentsQueryOptions(departmentRequest.organizationId));
    pending.length = 0;
    const seen: number[] = [];
    const result = await takeAlong(departmentRequest, {
      queryClient,
      preload: loaderPreloader(queryClient),
      persistence: null,
      signal: new AbortController().signal,
      onProgress: (p) => seen.push(p.bytes),
    });

    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen[0]).toBe(0);
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.bytes % 100).toBe(0);
    expect(delivered).toBeLessThan(result.bytes / 100);
  });

  it('a restored cache gets the taken-along queries kept without time limit again', async () => {
    stubApi();
    const first = createQueryClient(() => {});
    await takeDepartmentAlong(first);
    const again = createQueryClient(() => {});
    again.setQueryData(
      propertyQueryOptions('r1').queryKey,
      first.getQueryData(propertyQueryOptions('r1').queryKey),
    );
    again.setQueryData(['property', 'other'], { id: 'other' });
    expect(again.getQueryCache().find({ queryKey: ['property', 'r1'], exact: true })?.gcTime).toBe(Infinity);
    expect(again.getQueryCache().find({ queryKey: ['property', 'other'], exact: true })?.gcTime).toBe(
      15 * 60 * 1000,
    );
  });

  it('a cache restored two days later keeps what was taken along and drops the rest older than a day', async () => {
    stubApi();
    const first = createQueryClient(() => {});
    await takeDepartmentAlong(first);
    first.setQueryData(['activeAssessments', 'org-1'], []);
    const twoDaysAgo = Date.now() - 2 * 24 * 60 * 60 * 1000;
    const clientState = dehydrate(first);
    for (const query of clientState.queries) query.state.dataUpdatedAt = twoDaysAgo;
    const db = new AppDatabase(`take-along-${crypto.randomUUID()}`);
    await db.keyValues.put({
      key: PERSISTED_CACHE_KEY,
      value: JSON.stringify({ timestamp: twoDaysAgo, buster: 'u1', clientState }),
    });

    const restarted = createQueryClient(() => {});
    await createQueryPersistence(restarted, await createMirroredStorage(db), 'u1').restore();
    expect(restarted.getQueryData(propertyQueryOptions('r1').queryKey)).toBeDefined();
    expect(restarted.getQueryData(questionsQueryOptions('a2').queryKey)).toBeDefined();
    expect(restarted.getQueryCache().find({ queryKey: ['property', 'r1'], exact: true })?.gcTime).toBe(
      Infinity,
    );
    expect(restarted.getQueryData(['activeAssessments', 'org-1'])).toBeUndefined();

    // Without anything taken along the day's limit holds for the whole cache.
    localStorage.clear();
    resetOfflineRegistry();
    const plain = createQueryClient(() => {});
    await createQueryPersistence(plain, await createMirroredStorage(db), 'u1').restore();
    expect(plain.getQueryData(propertyQueryOptions('r1').queryKey)).toBeUndefined();
    db.close();
  });

  it('cancel stops the run and aborts the requests in flight; what was done stays', async () => {
    const calls = stubApi({ delayMs: 30 });
    const result = await takeDepartmentUntil(
      createQueryClient(() => {}),
      3,
    );
    expect(result.phase).toBe('cancelled');
    expect(result.done).toBeLessThan(RESIDENCES);
    const kept = Object.keys(offlineRegistry().residences);
    expect(kept.length).toBeGreaterThanOrEqual(3);
    expect(kept.length).toBeLessThan(RESIDENCES);
    const asked = calls.filter((c) => c.includes('/getproperty')).length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    // Nothing more is asked for after the cancel.
    expect(calls.filter((c) => c.includes('/getproperty')).length).toBe(asked);
    expect(asked).toBeLessThan(RESIDENCES);
  });

  it('a department stopped half-way says how far it came after a restart, and its rest fetches only what is missing', async () => {
    const calls = stubApi({ delayMs: 10 });
    await takeDepartmentUntil(
      createQueryClient(() => {}),
      4,
    );
    // What a reload finds: the record as written.
    resetOfflineRegistry();
    const half = departmentProgress(offlineRegistry(), 'd1')!;
    expect(half.unfinished).toBe(true);
    expect(half.total).toBe(RESIDENCES);
    expect(half.done).toBeGreaterThanOrEqual(4);
    expect(half.done).toBeLessThan(RESIDENCES);
    const began = offlineRegistry().departments.d1!.fetchedAt;

    const asked = () => calls.filter((c) => c.includes('/getproperty')).length;
    const before = asked();
    const restarted = createQueryClient(() => {});
    const result = await takeAlong(
      { ...departmentRequest, rest: true },
      {
        queryClient: restarted,
        preload: loaderPreloader(restarted),
        persistence: null,
        signal: new AbortController().signal,
        onProgress: () => {},
        now: () => new Date(Date.now() + 60_000),
      },
    );
    expect(result).toMatchObject({ phase: 'done', total: RESIDENCES - half.done, failed: 0 });
    expect(asked() - before).toBe(RESIDENCES - half.done);
    resetOfflineRegistry();
    // Whole now, counted from the take along it finished.
    expect(departmentProgress(offlineRegistry(), 'd1')).toEqual({
      done: RESIDENCES,
      total: RESIDENCES,
      unfinished: false,
    });
    expect(offlineRegistry().departments.d1!.fetchedAt).toBe(began);
  });

  it('a full device stops the run, takes back what it added and leaves queued answers alone', async () => {
    stubApi();
    const db = new AppDatabase(`take-along-${crypto.randomUUID()}`);
    const queued = [
      { kind: 'answer', key: 'k1', state: 'pending', ssoUuid: 'u1', assessmentId: 'a2', payload: { v: 1 } },
      { kind: 'answer', key: 'k2', state: 'pending', ssoUuid: 'u1', assessmentId: 'a4', payload: { v: 2 } },
    ];
    await db.outbox.bulkAdd(queued as never[]);
    const before = await db.outbox.toArray();

    // IndexedDB refuses any write of the query cache larger than a small quota.
    const put = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
      this: IDBObjectStore,
      value: unknown,
      key?: IDBValidKey,
    ) {
      if (this.name === 'keyValues' && JSON.stringify(value).length > 2_000)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return put.call(this, value, key);
    });

    const queryClient = createQueryClient(() => {});
    const persistence = createQueryPersistence(queryClient, await createMirroredStorage(db), 'u1');
    await persistence.restore();
    const result = await takeAlong(departmentRequest, {
      queryClient,
      preload: loaderPreloader(queryClient),
      persistence,
      signal: new AbortController().signal,
      onProgress: () => {},
    });

    expect(result.phase).toBe('quota');
    expect(offlineRegistry().residences).toEqual({});
    expect(offlineRegistry().departments).toEqual({});
    expect(queryClient.getQueryData(propertyQueryOptions('r1').queryKey)).toBeUndefined();
    expect(await db.outbox.toArray()).toEqual(before);
    db.close();
  });

  it('a device found full halfway stops every worker before it takes back what the run added', async () => {
    stubApi({ delayMs: 5 });
    const queryClient = createQueryClient(() => {});
    const preload = loaderPreloader(queryClient);
    let asked = 0;
    const residence = preload.residence;
    preload.residence = (id) => {
      asked++;
      return residence(id);
    };
    // The cache's writes start failing after a few residences, as a filling device's do.
    const full = new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    const persistence = {
      persistNow: async () => {
        if (asked > 3) throw full;
      },
      lastError: () => (asked > 3 ? full : null),
      holdSaves: () => async () => {},
    };
    const result = await takeAlong(departmentRequest, {
      queryClient,
      preload,
      persistence,
      signal: new AbortController().signal,
      onProgress: () => {},
    });
    expect(result.phase).toBe('quota');
    const askedAtEnd = asked;
    expect(askedAtEnd).toBeLessThan(RESIDENCES);
    // No worker goes on after the run has ended: nothing more is fetched or recorded.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked).toBe(askedAtEnd);
    expect(offlineRegistry().residences).toEqual({});
    expect(offlineRegistry().departments).toEqual({});
  });
});
