import { updateOfflineRegistry } from '../client-state';

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

/** Writes the record of what was taken along; local storage that is full is a full device. */
export function writeRegistryOrThrow(raise = true) {
  const written = updateOfflineRegistry((r) => r);
  if (!written && raise)
    throw new QuotaError(new DOMException('local storage is full', 'QuotaExceededError'));
}
