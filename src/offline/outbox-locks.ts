/**
 * One sender across tabs and the service worker (outbox-sender.ts): the Web Locks API where the
 * browser has it, else one sender per JavaScript realm.
 */

export const OUTBOX_LOCK_NAME = 'bt-outbox';
/** Another tab held the lock: look again after this, in case it finished before our entry. */
export const LOCK_RETRY_MS = 2_000;

/** The part of the Web Locks API the sender uses (navigator.locks, or a stand-in in tests). */
export interface OutboxLockManager {
  request(
    name: string,
    options: { ifAvailable: true },
    callback: (lock: unknown) => Promise<boolean>,
  ): Promise<boolean>;
}

/** Where navigator.locks is missing: one sender per JavaScript realm (not across tabs). */
const heldInProcess = new Set<string>();
export const inProcessLocks: OutboxLockManager = {
  async request(name, _options, callback) {
    if (heldInProcess.has(name)) return callback(null);
    heldInProcess.add(name);
    try {
      return await callback({ name });
    } finally {
      heldInProcess.delete(name);
    }
  },
};

export function browserLocks(): OutboxLockManager | null {
  if (typeof navigator === 'undefined' || !('locks' in navigator) || !navigator.locks) return null;
  const locks = navigator.locks;
  return { request: (name, options, callback) => locks.request(name, options, callback) };
}

/**
 * Runs `run` while holding the outbox lock, if it is free (false when another sender holds it);
 * without a lock manager (`null`) it runs unguarded.
 */
export async function withOutboxLock(
  locks: OutboxLockManager | null,
  run: () => Promise<void>,
): Promise<boolean> {
  if (locks === null) {
    await run();
    return true;
  }
  return locks.request(OUTBOX_LOCK_NAME, { ifAvailable: true }, async (lock) => {
    if (!lock) return false;
    await run();
    return true;
  });
}
