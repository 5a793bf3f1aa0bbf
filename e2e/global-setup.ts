import { createRunDirectory, removeRunDirectory, seededDirectory } from './demo-database';
import { startOwnServer } from './own-server';

/**
 * Before any worker starts: the demo database of the run, seeded by a server started and
 * stopped on it, as every spec's server would seed it (e2e/demo-database.ts). Returns the
 * teardown that removes it.
 */
export default async function globalSetup(): Promise<() => void> {
  const dir = createRunDirectory();
  try {
    const server = await startOwnServer({ DATABASE_URL: seededDirectory(dir) });
    await server.close();
  } catch (error) {
    removeRunDirectory(dir);
    throw error;
  }
  return () => removeRunDirectory(dir);
}
