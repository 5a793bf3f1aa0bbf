import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { useCallback, useSyncExternalStore } from 'react';
import { offlineRegistry, updateOfflineRegistry } from '../offline/client-state';
import { queryPersistence } from '../offline/query-persistence';
import { takeAlong } from '../offline/take-along/take-along';
import type {
  Preloader,
  TakeAlongOptions,
  TakeAlongProgress,
  TakeAlongRequest,
} from '../offline/take-along/take-along-types';
import { createListeners } from '../lib/listeners';

/**
 * One take along at a time for the whole app, kept outside React: it goes on while the user
 * moves between screens, and the header's status shows it everywhere
 * (src/features/take-along/components/take-along-status.tsx).
 */
export interface TakeAlongState {
  request: TakeAlongRequest | null;
  progress: TakeAlongProgress | null;
  /** The answer of `navigator.storage.persist()` asked at this run; null when not asked now. */
  persistGranted: boolean | null;
}

let state: TakeAlongState = { request: null, progress: null, persistGranted: null };
let controller: AbortController | null = null;
const listeners = createListeners();

function set(patch: Partial<TakeAlongState>) {
  state = { ...state, ...patch };
  listeners.emit();
}

/** How often the status shows a running take along's progress (it changes with every residence). */
const SHOW_PROGRESS_EVERY_MS = 200;

/**
 * The run's progress for the status: its start and end at once, the counts in between at most
 * every SHOW_PROGRESS_EVERY_MS. Shown per residence, a big department's 2,000 renders of the
 * header (and their layouts) cost the phone a fifth of the run.
 */
function progressShower(): (progress: TakeAlongProgress) => void {
  let shownAt = 0;
  let latest: TakeAlongProgress | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const show = () => {
    timer = undefined;
    shownAt = Date.now();
    if (latest) set({ progress: latest });
  };
  return (progress) => {
    latest = progress;
    const now = Date.now();
    if (progress.phase !== 'running' || progress.done === 0 || now - shownAt >= SHOW_PROGRESS_EVERY_MS) {
      clearTimeout(timer);
      show();
    } else {
      timer ??= setTimeout(show, SHOW_PROGRESS_EVERY_MS - (now - shownAt));
    }
  };
}

/**
 * docs/architecture.md 2: persistent storage is asked for at the first take along; a refusal is
 * shown on the storage panel (the browser may then evict what was taken along, and answers not
 * yet sent).
 */
async function askPersistence(): Promise<boolean | null> {
  if (offlineRegistry().persistGranted !== null) return null;
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  if (!storage?.persist) return null;
  const granted = await storage.persist().catch(() => false);
  updateOfflineRegistry((r) => ({ ...r, persistGranted: granted }));
  return granted;
}

export async function startTakeAlong(
  request: TakeAlongRequest,
  deps: Pick<TakeAlongOptions, 'queryClient' | 'preload'> & Partial<Pick<TakeAlongOptions, 'persistence'>>,
): Promise<TakeAlongProgress | null> {
  if (state.progress?.phase === 'running') return null;
  controller = new AbortController();
  const signal = controller.signal;
  set({
    request,
    progress: { phase: 'running', done: 0, total: 0, failed: 0, bytes: 0 },
    persistGranted: null,
  });
  const granted = await askPersistence();
  set({ persistGranted: granted });
  const result = await takeAlong(request, {
    queryClient: deps.queryClient,
    preload: deps.preload,
    persistence: deps.persistence === undefined ? queryPersistence() : deps.persistence,
    signal,
    onProgress: progressShower(),
  });
  controller = null;
  return result;
}

export function cancelTakeAlong(): void {
  controller?.abort();
}

/** The finished run's message is closed. */
export function dismissTakeAlong(): void {
  if (state.progress?.phase !== 'running') set({ request: null, progress: null, persistGranted: null });
}

function subscribe(listener: () => void) {
  return listeners.subscribe(listener);
}

export function useTakeAlongState(): TakeAlongState {
  return useSyncExternalStore(subscribe, () => state);
}

/** The route preloads of the app's router: the screens' own loaders fetch what is taken along. */
export function routePreloader(router: ReturnType<typeof useRouter>): Preloader {
  return {
    department: (departmentId) =>
      router.preloadRoute({ to: '/departments/properties/$departmentId', params: { departmentId } }),
    residence: (propertyId) => router.preloadRoute({ to: '/residence/$propertyId', params: { propertyId } }),
    assessment: (propertyId, assessmentId) =>
      router.preloadRoute({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        // The question screen's loader fetches the assessment and its questions whatever the
        // question; the first one is where a new visit starts.
        params: { propertyId, assessmentId, chapter: 'screening', questionId: '001' },
      }),
    // The router keeps each preloaded match for half an hour; thousands of them would make every
    // later navigation sift through them. What the screens need is in the query cache.
    release: () => router.clearCache({ filter: (match) => match.preload }),
  };
}

/** Starting, cancelling and following the app's take along. */
export function useTakeAlong() {
  const router = useRouter();
  const queryClient: QueryClient = useQueryClient();
  const current = useTakeAlongState();
  const start = useCallback(
    (request: TakeAlongRequest) => startTakeAlong(request, { queryClient, preload: routePreloader(router) }),
    [queryClient, router],
  );
  return { ...current, start, cancel: cancelTakeAlong, dismiss: dismissTakeAlong };
}
