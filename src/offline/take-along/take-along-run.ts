import type { QueryClient } from '@tanstack/react-query';
import { updateOfflineRegistry, type TakenAlongResidence } from '../client-state';
import { QuotaError, isQuotaError } from './quota';
import type { Preloader, TakeAlongOptions, TakeAlongProgress, TakeAlongRequest } from './take-along-types';
import { transferMeter } from './transfer-meter';

/** What the steps of one take along share while it goes on (take-along.ts runs them). */
export interface TakeAlongRun {
  readonly request: TakeAlongRequest;
  readonly queryClient: QueryClient;
  readonly preload: Preloader;
  readonly persistence: TakeAlongOptions['persistence'];
  readonly now: () => Date;
  /** The user's cancel. */
  readonly signal: AbortSignal;
  /**
   * Stops the run on the user's cancel and on its own first failure (a full device): no worker
   * fetches or records another residence after the roll back has begun.
   */
  readonly stop: AbortController;
  readonly progress: TakeAlongProgress;
  /** Why the run's residences are kept, as the record names it: `department:<id>` or `self`. */
  readonly source: string;
  /** Residences this run added (not kept before): a full device takes them out again. */
  readonly added: string[];
  /** The residences and assessments being fetched, whose requests a stop cancels. */
  readonly inFlight: Set<string>;
  /** Residences fetched and kept whose entries the in-memory record does not name yet. */
  readonly unrecorded: TakenAlongResidence[];
  /** Names the unrecorded residences in the in-memory record (written to storage later). */
  recordFetched(): void;
  /** The answers' size so far, the bytes shown where the browser reports no transfer sizes. */
  answerBytes: number;
  /** Hands a copy of the progress, its bytes brought up to date, to the caller. */
  report(): void;
  /** Throws a QuotaError when the persisted cache's last write found the device full. */
  checkQuota(): void;
  cancelInFlight(): Promise<void>;
  /** Stops listening for the user's cancel and for the transfer sizes. */
  dispose(): void;
}

export function startRun(request: TakeAlongRequest, options: TakeAlongOptions): TakeAlongRun {
  const { queryClient, signal, persistence } = options;
  const meter = transferMeter();
  const progress: TakeAlongProgress = { phase: 'running', done: 0, total: 0, failed: 0, bytes: 0 };
  const inFlight = new Set<string>();
  const cancelInFlight = () =>
    queryClient.cancelQueries({
      predicate: (query) => {
        const [, id] = query.queryKey as readonly unknown[];
        return query.state.fetchStatus === 'fetching' && typeof id === 'string' && inFlight.has(id);
      },
    });
  const stop = new AbortController();
  const onAbort = () => {
    stop.abort();
    void cancelInFlight();
  };
  signal.addEventListener('abort', onAbort);
  const run: TakeAlongRun = {
    request,
    queryClient,
    preload: options.preload,
    persistence,
    now: options.now ?? (() => new Date()),
    signal,
    stop,
    progress,
    source: request.kind === 'department' ? `department:${request.departmentId}` : 'self',
    added: [],
    inFlight,
    unrecorded: [],
    recordFetched: () => {
      if (run.unrecorded.length === 0) return;
      const entries = Object.fromEntries(run.unrecorded.splice(0).map((entry) => [entry.id, entry]));
      updateOfflineRegistry((r) => ({ ...r, residences: { ...r.residences, ...entries } }), { write: false });
    },
    answerBytes: 0,
    report: () => {
      // Before the first residence the meter may still be at 0 while answerBytes already counts
      // a department list the page had cached: shown first, that figure then dropped.
      const onWire = meter?.bytes() ?? 0;
      progress.bytes = meter && (onWire > 0 || progress.done === 0) ? onWire : run.answerBytes;
      options.onProgress({ ...progress });
    },
    checkQuota: () => {
      const error = persistence?.lastError();
      if (error && isQuotaError(error)) throw new QuotaError(error);
    },
    cancelInFlight,
    dispose: () => {
      signal.removeEventListener('abort', onAbort);
      meter?.stop();
    },
  };
  return run;
}
