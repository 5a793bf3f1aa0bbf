/** Rows per multi-row INSERT: well under PostgreSQL's 65,535 parameters for our widest table. */
const CHUNK = 1000;

/** Inserts `rows` a chunk at a time, in order. */
export async function insertChunked<T>(
  rows: readonly T[],
  insert: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}
