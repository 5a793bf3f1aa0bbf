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
/** Local storage: per-assessment question lists (prefix "questions:"), guidance tips shown. */
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

/** docs/product.md 4: logout clears the local question lists and the copy and approve session state. */
export function clearClientStateOnLogout(): void {
  localValues.removePrefix('questions:');
  sessionValues.removePrefix('bulk:');
}
