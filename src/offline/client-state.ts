import type { QueryKey } from '@tanstack/react-query';
import { assessmentScoresKeys } from '../api/assessment-scores';
import { assessmentKeys } from '../api/get-assessment';
import { departmentsKeys } from '../api/get-departments';
import { locatedAssessmentsKeys } from '../api/get-located-assessments';
import { organizationsKeys } from '../api/get-organizations';
import { propertiesByDepartmentKeys } from '../api/get-properties-by-department';
import { propertyKeys } from '../api/get-property';
import { questionsKeys } from '../api/get-questions';
import { PHOTO_KEYS } from '../api/photos';
import { staticContentKeys } from '../api/get-static-content';
import { tokenStore } from '../api/token-store';
import { userInfoKeys } from '../api/user-info';
import { createListeners } from '../lib/listeners';

/**
 * Client-held state of docs/product.md 3 outside cookies and IndexedDB, by storage kind, with
 * typed names. Every key starts with "bt:" so that it is ours to clear.
 */

function jsonStorage(storage: () => Storage) {
  return {
    get<T>(key: string): T | null {
      try {
        const raw = storage().getItem(`bt:${key}`);
        return raw === null ? null : (JSON.parse(raw) as T);
      } catch {
        return null;
      }
    },
    /** The stored text as it is (null when absent or the storage cannot be read). */
    raw(key: string): string | null {
      try {
        return storage().getItem(`bt:${key}`);
      } catch {
        return null;
      }
    },
    set(key: string, value: unknown): void {
      try {
        storage().setItem(`bt:${key}`, JSON.stringify(value));
      } catch {
        // Private mode or a full quota: the value lives for this page only.
      }
    },
    remove(key: string): void {
      storage().removeItem(`bt:${key}`);
    },
    removePrefix(prefix: string): void {
      const s = storage();
      const keys: string[] = [];
      for (let i = 0; i < s.length; i++) {
        const key = s.key(i);
        if (key?.startsWith(`bt:${prefix}`)) keys.push(key);
      }
      keys.forEach((key) => s.removeItem(key));
    },
  };
}

/** Session storage: bulk-flow values (prefix "bulk:"), the dismissed service message. */
export const sessionValues = jsonStorage(() => sessionStorage);
/** Local storage: per-assessment question lists (prefix "questions:"), guidance tips shown, what was taken along offline ("offline:"). */
export const localValues = jsonStorage(() => localStorage);

export const DISMISSED_SERVICE_MESSAGE = 'dismissed-service-message';
/** docs/product.md 3: the guidance tips already shown on this device (local storage; kept after logout). */
export const GUIDANCE_TIPS_SHOWN = 'guidance:shown';

/** docs/product.md 3: the running copy or approval job, kept for the session (survives a reload). */
export interface StoredJob {
  jobId: string;
  kind: 'copy' | 'finish';
  /** An approval of one assessment: where to go when it is done. */
  propertyId?: string;
  assessmentId?: string;
  /** An approval from a future day: that day (docs/product.md 5). */
  validFrom?: string;
}

const CURRENT_JOB = 'bulk:job';

export const currentJobState = {
  get(): StoredJob | null {
    const job = sessionValues.get<StoredJob>(CURRENT_JOB);
    return job && typeof job.jobId === 'string' && (job.kind === 'copy' || job.kind === 'finish')
      ? job
      : null;
  },
  set(job: StoredJob): void {
    sessionValues.set(CURRENT_JOB, job);
  },
  clear(): void {
    sessionValues.remove(CURRENT_JOB);
  },
};

/** A residence taken along offline, with what its screens need from the cache. */
export interface TakenAlongResidence {
  id: string;
  location: string;
  /** The residence's assessments: their details, questions and scores were fetched too. */
  assessmentIds: string[];
  /** ISO time the data was fetched. */
  fetchedAt: string;
  /** Size of its cached data as JSON: what it takes in the persisted cache. */
  bytes: number;
  /** Why it is kept: `self` (chosen on its own or in a selection) or `department:<id>`. */
  sources: string[];
  /**
   * Its photos, when it was taken along "med fotos" (src/offline/kept-photos.ts): how many and
   * their bytes. Absent when its photos were never asked for.
   */
  photos?: { count: number; bytes: number };
}

/** A department taken along: its residence list, and each of its residences. */
export interface TakenAlongDepartment {
  id: string;
  organizationId: string;
  name: string;
  /** When its latest take along began; "the rest" of it counts from here (departmentProgress). */
  fetchedAt: string;
  residenceCount: number;
  /**
   * Set while its latest take along has not fetched every residence of the list: stopped, some
   * residences failed, or the page was closed or reloaded half-way. Absent once one ends whole.
   */
  unfinished?: true;
}

/**
 * How much of a department its latest take along fetched: the residences it names that were
 * fetched since that take along began, of the list's count. `unfinished` as the record says.
 */
export function departmentProgress(
  registry: OfflineRegistry,
  departmentId: string,
): { done: number; total: number; unfinished: boolean } | null {
  const department = registry.departments[departmentId];
  if (!department) return null;
  const source = `department:${departmentId}`;
  const done = Object.values(registry.residences).filter(
    (r) => r.sources.includes(source) && r.fetchedAt >= department.fetchedAt,
  ).length;
  return { done, total: department.residenceCount, unfinished: department.unfinished === true };
}

/**
 * What this device keeps offline beyond the 15-minute cache (docs/architecture.md 2 "The persisted
 * query cache"): the queries these entries name are kept without time limit and survive a restart
 * days later. It belongs to the user whose cache it describes; logout removes both.
 */
export interface OfflineRegistry {
  owner: string;
  organizations: string[];
  departments: Record<string, TakenAlongDepartment>;
  residences: Record<string, TakenAlongResidence>;
  /** The answer of `navigator.storage.persist()` at the first take along; null before it. */
  persistGranted: boolean | null;
}

const OFFLINE_REGISTRY = 'offline:registry';

export const emptyOfflineRegistry = (owner: string): OfflineRegistry => ({
  owner,
  organizations: [],
  departments: {},
  residences: {},
  persistGranted: null,
});

export const offlineRegistryState = {
  /** The owner's registry; an empty one when none is stored or it is another user's. */
  get(owner: string): OfflineRegistry {
    const stored = localValues.get<OfflineRegistry>(OFFLINE_REGISTRY);
    return stored && stored.owner === owner && typeof stored.residences === 'object'
      ? stored
      : emptyOfflineRegistry(owner);
  },
  /** False when local storage refused it (a full quota). */
  set(registry: OfflineRegistry): boolean {
    try {
      localStorage.setItem(`bt:${OFFLINE_REGISTRY}`, JSON.stringify(registry));
      return true;
    } catch {
      return false;
    }
  },
  clear(): void {
    localValues.remove(OFFLINE_REGISTRY);
  },
};

/**
 * The record of what was taken along, held in memory for the screens and for the query cache's
 * keep rule (`isKeptOffline`), and written to local storage.
 * It is read synchronously at start, before the persisted cache is restored, so the restored
 * queries it names are kept without time limit from their first moment.
 */

let registry: OfflineRegistry | null = null;
let index: KeptIndex | null = null;
const listeners = createListeners();

interface KeptIndex {
  any: boolean;
  residences: ReadonlySet<string>;
  assessments: ReadonlySet<string>;
  departments: ReadonlySet<string>;
  organizations: ReadonlySet<string>;
}

const currentOwner = () => tokenStore.user() ?? '';

export function offlineRegistry(): OfflineRegistry {
  const owner = currentOwner();
  if (registry === null || registry.owner !== owner) {
    registry = offlineRegistryState.get(owner);
    index = null;
  }
  return registry;
}

/**
 * Replaces the registry. `write: false` keeps it in memory only (a take along in progress writes
 * every few residences, not after each: the record of the big department is some 400 KB).
 */
export function updateOfflineRegistry(
  change: (current: OfflineRegistry) => OfflineRegistry,
  options: { write?: boolean } = {},
): boolean {
  registry = change(offlineRegistry());
  index = null;
  const written = options.write === false ? true : offlineRegistryState.set(registry);
  listeners.emit();
  return written;
}

/** Forgets the in-memory copy (tests; a new user is noticed by itself). */
export function resetOfflineRegistry(): void {
  registry = null;
  index = null;
  listeners.emit();
}

function keptIndex(): KeptIndex {
  // Built once per registry: the cache asks for every query it adds, thousands at a restore.
  if (index) return index;
  const current = offlineRegistry();
  const residences = Object.values(current.residences);
  index = {
    any: residences.length > 0 || Object.keys(current.departments).length > 0,
    residences: new Set(residences.map((r) => r.id)),
    assessments: new Set(residences.flatMap((r) => r.assessmentIds)),
    departments: new Set(Object.keys(current.departments)),
    organizations: new Set(current.organizations),
  };
  return index;
}

/**
 * Whether a query is part of what was taken along, by its key (the key factories of src/api):
 * the residence, its assessments' list, details, questions and scores, the department's list, the
 * organization's departments, and while anything is kept the session and the static content the
 * signed-in screens cannot open without offline (docs/architecture.md 2 "Routes own access").
 */
export function isKeptOffline(queryKey: QueryKey): boolean {
  const kept = keptIndex();
  if (!kept.any) return false;
  const [kind, id] = queryKey as readonly unknown[];
  switch (kind) {
    case propertyKeys.all[0]:
      return kept.residences.has(id as string);
    case locatedAssessmentsKeys.all[0]: {
      const first = (id as { propertyId?: string }[] | undefined)?.[0];
      return first !== undefined && kept.residences.has(first.propertyId ?? '');
    }
    case assessmentKeys.all[0]:
    case questionsKeys.all[0]:
    case assessmentScoresKeys.all[0]:
      return kept.assessments.has(id as string);
    case propertiesByDepartmentKeys.all[0]:
      return kept.departments.has(id as string);
    case departmentsKeys.all[0]:
      return kept.organizations.has(id as string);
    case PHOTO_KEYS.all[0]: {
      // The photo lists of a residence and of its assessments (src/api/photos.ts).
      const scope = id as { residenceId?: string; assessmentId?: string } | undefined;
      if (scope?.residenceId !== undefined) return kept.residences.has(scope.residenceId);
      return scope?.assessmentId !== undefined && kept.assessments.has(scope.assessmentId);
    }
    case staticContentKeys.all[0]:
    case userInfoKeys.all[0]:
    case organizationsKeys.all[0]:
      return true;
    default:
      return false;
  }
}

export function hasTakenAlong(): boolean {
  return keptIndex().any;
}

export function subscribeOfflineRegistry(listener: () => void): () => void {
  return listeners.subscribe(listener);
}

/**
 * docs/product.md 4: logout clears the local question lists and the copy and approve session
 * state; the record of what was taken along goes with the persisted cache it describes.
 */
export function clearClientStateOnLogout(): void {
  localValues.removePrefix('questions:');
  localValues.removePrefix('offline:');
  resetOfflineRegistry();
  sessionValues.removePrefix('bulk:');
}
