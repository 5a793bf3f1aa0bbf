/**
 * Whether the browser has promised to keep this site's storage. Without the promise it may evict
 * IndexedDB under storage pressure, answers not yet sent included, so the app asks at sign-in
 * (`navigator.storage.persist()`) and tells the user where it matters: beside an answer saved
 * only on the device, and on the Offline-data screen (docs/architecture.md "Outbox rules"). The
 * browser itself keeps the answer (`navigator.storage.persisted()`); nothing here stores a copy.
 */

/** Asks the browser to keep the site's storage. Not granted or not allowed here: nothing is promised. */
export async function askPersistentStorage(): Promise<void> {
  try {
    await navigator.storage?.persist?.();
  } catch {
    // An insecure origin, some private modes: the answer reads as not persisted.
  }
}

/** The browser's answer now; null where it cannot say. */
export async function storagePersisted(): Promise<boolean | null> {
  try {
    return (await navigator.storage?.persisted?.()) ?? null;
  } catch {
    return null;
  }
}
