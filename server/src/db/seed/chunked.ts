import { chunks } from '../chunks';

/** Inserts `rows` a chunk at a time, in order. */
export async function insertChunked<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (const chunk of chunks(rows)) await insert(chunk);
}
