import Dexie from 'dexie';
import type { AppDatabase } from './db';

function isClosedError(error: unknown): boolean {
  const name = (error as { name?: unknown } | null)?.name;
  return (
    error instanceof Dexie.DatabaseClosedError ||
    name === 'DatabaseClosedError' ||
    name === 'InvalidStateError'
  );
}

/**
 * Runs a database operation; if the browser closed the connection (or it was closed), the
 * database is opened again and the operation runs once more (docs/architecture.md 2).
 */
export async function withReopen<T>(db: AppDatabase, operation: () => Promise<T>): Promise<T> {
  try {
    return await operation();
  } catch (error) {
    if (!isClosedError(error)) throw error;
    if (!db.isOpen()) await db.open();
    return operation();
  }
}
