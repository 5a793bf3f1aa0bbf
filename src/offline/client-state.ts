/**
 * Client-held state of spec section 3 outside cookies and IndexedDB, by storage kind, with
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

/** Spec 4: logout clears the local question lists and the copy and approve session state. */
export function clearClientStateOnLogout(): void {
  localValues.removePrefix('questions:');
  sessionValues.removePrefix('bulk:');
}
