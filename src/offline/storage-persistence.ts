/**
 * Whether the browser has promised to keep this site's storage (`navigator.storage.persist()`).
 * Without the promise it may evict IndexedDB under storage pressure, answers not yet sent
 * included, so the app asks at sign-in and remembers the answer here to tell the user where it
 * matters: beside an answer saved only on the device (docs/architecture.md "Outbox rules").
 */
const PERSISTED_KEY = 'bt:storage-persisted';

/** Asks for persistent storage and remembers the answer; null where the browser cannot say. */
export async function askPersistentStorage(): Promise<boolean | null> {
  let granted: boolean | null = null;
  try {
    granted = (await navigator.storage?.persist?.()) ?? null;
  } catch {
    // Not allowed here (an insecure origin, some private modes): nothing is promised.
    granted = false;
  }
  try {
    if (granted === null) localStorage.removeItem(PERSISTED_KEY);
    else localStorage.setItem(PERSISTED_KEY, String(granted));
  } catch {
    // Storage blocked: the answer simply is not remembered.
  }
  return granted;
}

/** The last answer of `askPersistentStorage` on this device; null when unknown. */
export function storagePersisted(): boolean | null {
  try {
    const value = localStorage.getItem(PERSISTED_KEY);
    return value === 'true' ? true : value === 'false' ? false : null;
  } catch {
    return null;
  }
}
