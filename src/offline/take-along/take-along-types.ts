import type { QueryClient } from '@tanstack/react-query';
import type { QueryPersistence } from '../query-persistence';

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

/**
 * What to take along. `withPhotos`: the residences' photos too ("med fotos"), copied onto the
 * device for viewing offline; only when the user asks, since they are heavy.
 */
export type TakeAlongRequest = (
  | {
      kind: 'department';
      organizationId: string;
      departmentId: string;
      departmentName: string;
      /** Only what the unfinished latest take along did not fetch (departmentProgress). */
      rest?: boolean;
    }
  | { kind: 'residences'; organizationId: string; residences: ResidenceToTake[] }
) & { withPhotos?: boolean };

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
