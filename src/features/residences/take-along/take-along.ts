import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { assessmentScoresQueryOptions } from '../../../api/assessment-scores';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { departmentsQueryOptions } from '../../../api/get-departments';
import {
  locatedAssessmentsQueryOptions,
  residenceAssessmentRefs,
} from '../../../api/get-located-assessments';
import { organizationsQueryOptions } from '../../../api/get-organizations';
import { propertiesByDepartmentQueryOptions } from '../../../api/get-properties-by-department';
import { propertyQueryOptions } from '../../../api/get-property';
import { questionsQueryOptions } from '../../../api/get-questions';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import { userInfoQueryOptions } from '../../../api/user-info';
import {
  offlineRegistry,
  updateOfflineRegistry,
  type TakenAlongResidence,
} from '../../../offline/client-state';
import { cacheHelpImages, helpImageUrls } from '../../../offline/help-images';
import { keepWithoutTimeLimit } from '../../../offline/kept-queries';
import type { QueryPersistence } from '../../../offline/query-persistence';

/**
 * "Tag med offline" (docs/architecture.md 2, "Taken along offline"): everything the screens of a
 * department, a selection or one residence need offline is fetched into the persisted query cache
 * through the route loaders themselves (`router.preloadRoute`), so that what is taken along is
 * exactly what the screens ask for, and the help images into the service worker's runtime cache.
 */

/** Route preloads by the app's router: each runs the route's guards and loader. */
export interface Preloader {
  department(departmentId: string): Promise<unknown>;
  residence(propertyId: string): Promise<unknown>;
  /** The question screen of the assessment (its details, questions and residence). */
  assessment(propertyId: string, assessmentId: string): Promise<unknown>;
  /** Forgets the router's preloaded matches so far (the data stays in the query cache). */
  release?(): void;
}

export interface ResidenceToTake {
  id: string;
  location: string;
}

export type TakeAlongRequest =
  | { kind: 'department'; organizationId: string; departmentId: string; departmentName: string }
  | { kind: 'residences'; organizationId: string; residences: ResidenceToTake[] };

export type TakeAlongPhase = 'running' | 'done' | 'cancelled' | 'quota' | 'failed';

export interface TakeAlongProgress {
  phase: TakeAlongPhase;
  /** Residences fetched (or found failing) of `total`. */
  done: number;
  total: number;
  /** Residences that could not be fetched (no network, refused). */
  failed: number;
  /** Bytes received: the transfer size where the browser reports it, else the answers' size. */
  bytes: number;
}

export interface TakeAlongOptions {
  queryClient: QueryClient;
  preload: Preloader;
  signal: AbortSignal;
  onProgress: (progress: TakeAlongProgress) => void;
  /** The persisted cache: its write errors stop the run (a full quota). */
  persistence: Pick<QueryPersistence, 'persistNow' | 'lastError' | 'holdSaves'> | null;
  /** Residences fetched at the same time: a phone on a weak line is not swamped. */
  concurrency?: number;
  now?: () => Date;
}

export const TAKE_ALONG_CONCURRENCY = 4;
/** How often the router forgets its preloaded matches while a run goes on (memory). */
const RELEASE_PRELOADS_EVERY = 50;
/**
 * How many residences between two saves of the persisted cache during a run, each followed by a
 * write of the record of what was taken along, so that the record never names a residence the
 * saved cache lacks. The throttled saves wait meanwhile (`holdSaves`): each serializes the whole
 * cache. Often enough that a full device is found early and a closed tab keeps most of the run.
 */
const SAVE_EVERY = 200;

export class QuotaError extends Error {
  constructor(cause: unknown) {
    super(cause instanceof Error ? cause.message : String(cause));
    this.name = 'QuotaError';
  }
}

/** IndexedDB (also through Dexie) and the Cache API name a full device QuotaExceededError. */
export function isQuotaError(error: unknown): boolean {
  if (!(error instanceof Error) && !(error instanceof DOMException)) return false;
  const inner = (error as { inner?: unknown }).inner;
  return (
    error.name === 'QuotaExceededError' ||
    error.name === 'QuotaError' ||
    (inner instanceof Error && inner.name === 'QuotaExceededError')
  );
}

const jsonSize = (value: unknown) => (value === undefined ? 0 : JSON.stringify(value).length);

/** The keys one residence's screens read, assessments' included (src/api key factories). */
export function residenceQueryKeys(queryClient: QueryClient, residenceId: string): QueryKey[] {
  const property = queryClient.getQueryData(propertyQueryOptions(residenceId).queryKey);
  if (!property) return [propertyQueryOptions(residenceId).queryKey];
  const refs = residenceAssessmentRefs(property);
  const keys: QueryKey[] = [propertyQueryOptions(residenceId).queryKey];
  if (refs.length > 0) keys.push(locatedAssessmentsQueryOptions(refs).queryKey);
  for (const ref of refs) {
    keys.push(
      assessmentQueryOptions(ref.assessmentId, residenceId).queryKey,
      questionsQueryOptions(ref.assessmentId).queryKey,
      assessmentScoresQueryOptions(ref.assessmentId).queryKey,
    );
  }
  return keys;
}

/**
 * Sums the API's answers while a run goes on, from the browser's resource timing (the bytes on
 * the wire, compressed); null where there is no PerformanceObserver for resources (tests).
 */
function transferMeter(): { bytes(): number; stop(): void } | null {
  if (typeof PerformanceObserver === 'undefined') return null;
  if (!PerformanceObserver.supportedEntryTypes?.includes('resource')) return null;
  let total = 0;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      if (!entry.name.includes('/api/')) continue;
      total += entry.transferSize || entry.encodedBodySize || 0;
    }
  });
  observer.observe({ type: 'resource', buffered: false });
  return {
    bytes: () => total,
    stop: () => observer.disconnect(),
  };
}

/** Runs one take along; resolves with the last progress (never rejects). */
export async function takeAlong(
  request: TakeAlongRequest,
  options: TakeAlongOptions,
): Promise<TakeAlongProgress> {
  const { queryClient, preload, signal, persistence } = options;
  const now = options.now ?? (() => new Date());
  const meter = transferMeter();
  let answerBytes = 0;
  const progress: TakeAlongProgress = { phase: 'running', done: 0, total: 0, failed: 0, bytes: 0 };
  const report = () => {
    progress.bytes = meter && meter.bytes() > 0 ? meter.bytes() : answerBytes;
    options.onProgress({ ...progress });
  };
  const source = request.kind === 'department' ? `department:${request.departmentId}` : 'self';
  // Residences this run added (not kept before): a full device takes them out again.
  const added: string[] = [];
  const newDepartment =
    request.kind === 'department' && !offlineRegistry().departments[request.departmentId]
      ? request.departmentId
      : null;
  const inFlight = new Set<string>();
  const checkQuota = () => {
    const error = persistence?.lastError();
    if (error && isQuotaError(error)) throw new QuotaError(error);
  };
  const cancelInFlight = () =>
    queryClient.cancelQueries({
      predicate: (query) => {
        const [, id] = query.queryKey as readonly unknown[];
        return query.state.fetchStatus === 'fetching' && typeof id === 'string' && inFlight.has(id);
      },
    });
  // The run stops on the user's cancel and on its own first failure (a full device): no worker
  // fetches or records another residence after the roll back has begun.
  const run = new AbortController();
  const onAbort = () => {
    run.abort();
    void cancelInFlight();
  };
  signal.addEventListener('abort', onAbort);
  const releaseSaves = persistence?.holdSaves();
  // One save at a time, every SAVE_EVERY residences; its failure (a full device) stops the run.
  let savedAt = 0;
  let saving: Promise<void> | null = null;
  const saveNow = async () => {
    if (saving || progress.done - savedAt < SAVE_EVERY) return;
    savedAt = progress.done;
    saving = persistence?.persistNow() ?? null;
    try {
      await saving;
    } finally {
      saving = null;
    }
    writeRegistryOrThrow();
  };

  try {
    report();
    let residences: ResidenceToTake[];
    if (request.kind === 'department') {
      await preload.department(request.departmentId);
      const rows = queryClient.getQueryData(
        propertiesByDepartmentQueryOptions(request.departmentId).queryKey,
      );
      if (!rows) throw new Error('department list not fetched');
      answerBytes += jsonSize(rows);
      const seen = new Map<string, ResidenceToTake>();
      for (const row of rows) {
        if (!seen.has(row.residenceId))
          seen.set(row.residenceId, { id: row.residenceId, location: row.location });
      }
      residences = [...seen.values()];
    } else {
      residences = request.residences;
    }
    progress.total = residences.length;
    report();

    // The help texts and their images: the form's help dialog opens offline too.
    const content = await queryClient.ensureQueryData(staticContentQueryOptions());
    await cacheHelpImages(helpImageUrls(content), signal);
    checkQuota();

    updateOfflineRegistry(
      (r) => ({
        ...r,
        organizations: r.organizations.includes(request.organizationId)
          ? r.organizations
          : [...r.organizations, request.organizationId],
        departments:
          request.kind === 'department'
            ? {
                ...r.departments,
                [request.departmentId]: {
                  id: request.departmentId,
                  organizationId: request.organizationId,
                  name: request.departmentName,
                  fetchedAt: now().toISOString(),
                  residenceCount: residences.length,
                },
              }
            : r.departments,
      }),
      { write: false },
    );
    for (const key of [
      staticContentQueryOptions().queryKey,
      userInfoQueryOptions().queryKey,
      organizationsQueryOptions().queryKey,
      departmentsQueryOptions(request.organizationId).queryKey,
      ...(request.kind === 'department'
        ? [propertiesByDepartmentQueryOptions(request.departmentId).queryKey]
        : []),
    ] as QueryKey[]) {
      const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
      if (query) keepWithoutTimeLimit(query);
    }

    const takeOne = async (residence: ResidenceToTake): Promise<void> => {
      inFlight.add(residence.id);
      try {
        await preload.residence(residence.id);
        if (run.signal.aborted) return;
        const property = queryClient.getQueryData(propertyQueryOptions(residence.id).queryKey);
        if (!property) {
          progress.failed++;
          return;
        }
        const refs = residenceAssessmentRefs(property);
        for (const a of refs) inFlight.add(a.assessmentId);
        await Promise.all(
          refs.map(async (ref) => {
            await preload.assessment(residence.id, ref.assessmentId);
            // The residence screen's cards show the scores; a draft may have none yet.
            await queryClient
              .ensureQueryData({ ...assessmentScoresQueryOptions(ref.assessmentId), retry: false })
              .catch(() => undefined);
          }),
        );
        if (run.signal.aborted) return;
        const complete = refs.every(
          (ref) =>
            queryClient.getQueryData(questionsQueryOptions(ref.assessmentId).queryKey) !== undefined &&
            queryClient.getQueryData(assessmentQueryOptions(ref.assessmentId, residence.id).queryKey) !==
              undefined,
        );
        if (!complete) {
          progress.failed++;
          return;
        }
        const keys = residenceQueryKeys(queryClient, residence.id);
        let bytes = 0;
        for (const key of keys) {
          const query = queryClient.getQueryCache().find({ queryKey: key, exact: true });
          if (!query) continue;
          keepWithoutTimeLimit(query);
          bytes += jsonSize(query.state.data);
        }
        answerBytes += bytes;
        const before = offlineRegistry().residences[residence.id];
        if (!before) added.push(residence.id);
        const entry: TakenAlongResidence = {
          id: residence.id,
          location: property.beliggenhed || residence.location,
          assessmentIds: refs.map((ref) => ref.assessmentId),
          fetchedAt: now().toISOString(),
          bytes,
          sources: before?.sources.includes(source) ? before.sources : [...(before?.sources ?? []), source],
        };
        updateOfflineRegistry((r) => ({ ...r, residences: { ...r.residences, [residence.id]: entry } }), {
          write: false,
        });
      } finally {
        inFlight.delete(residence.id);
        if (!run.signal.aborted) {
          progress.done++;
          if (progress.done % RELEASE_PRELOADS_EVERY === 0) preload.release?.();
          report();
        }
      }
    };

    // A small pool: `concurrency` residences at a time, each asking its loaders in turn.
    let next = 0;
    const worker = async () => {
      while (!run.signal.aborted) {
        const residence = residences[next++];
        if (!residence) return;
        try {
          await takeOne(residence);
          await saveNow();
          checkQuota();
        } catch (error) {
          run.abort();
          throw error;
        }
      }
    };
    // Every worker has stopped before a failure is handled (the roll back below).
    const workers = await Promise.allSettled(
      Array.from(
        { length: Math.min(options.concurrency ?? TAKE_ALONG_CONCURRENCY, residences.length) },
        worker,
      ),
    );
    const failure = workers.find((w): w is PromiseRejectedResult => w.status === 'rejected');
    if (failure) throw failure.reason;

    preload.release?.();
    // The cache first, then the record that names what it holds; a cancelled run keeps what it
    // got. Releasing the held saves is that last save (one serialization, not two).
    await releaseSaves?.();
    writeRegistryOrThrow();
    progress.phase = signal.aborted ? 'cancelled' : 'done';
    report();
    return progress;
  } catch (error) {
    await cancelInFlight();
    if (isQuotaError(error)) {
      await rollBack(queryClient, added, newDepartment, persistence);
      progress.phase = 'quota';
    } else {
      // What was fetched before the failure stays taken along.
      await persistence?.persistNow().catch(() => undefined);
      writeRegistryOrThrow(false);
      progress.phase = signal.aborted ? 'cancelled' : 'failed';
    }
    report();
    return progress;
  } finally {
    signal.removeEventListener('abort', onAbort);
    meter?.stop();
    await releaseSaves?.().catch(() => undefined);
  }
}

function writeRegistryOrThrow(raise = true) {
  const written = updateOfflineRegistry((r) => r);
  if (!written && raise)
    throw new QuotaError(new DOMException('local storage is full', 'QuotaExceededError'));
}

/**
 * A full device: the residences this run added are taken out of the cache and the record again,
 * so the persisted cache fits as before. The outbox is another table, written in transactions
 * of its own (src/offline/outbox.ts): nothing here reads or writes it, so no queued answer is
 * touched.
 */
async function rollBack(
  queryClient: QueryClient,
  added: readonly string[],
  newDepartment: string | null,
  persistence: TakeAlongOptions['persistence'],
) {
  const drop = new Set(added);
  for (const id of drop) {
    for (const key of residenceQueryKeys(queryClient, id))
      queryClient.removeQueries({ queryKey: key, exact: true });
  }
  updateOfflineRegistry((r) => ({
    ...r,
    residences: Object.fromEntries(Object.entries(r.residences).filter(([id]) => !drop.has(id))),
    departments: Object.fromEntries(Object.entries(r.departments).filter(([id]) => id !== newDepartment)),
  }));
  if (newDepartment)
    queryClient.removeQueries({
      queryKey: propertiesByDepartmentQueryOptions(newDepartment).queryKey,
      exact: true,
    });
  await persistence?.persistNow().catch(() => undefined);
}
