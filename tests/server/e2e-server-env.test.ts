import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_SERVER_ENV } from '../../e2e/server-env';

const SERVER_SRC = path.join(import.meta.dirname, '../../server/src');

/** Every `env.NAME` (or `env['NAME']`) the server's code reads. */
function variablesTheServerReads(): Set<string> {
  const names = new Set<string>();
  const visit = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) visit(file);
      else if (file.endsWith('.ts'))
        for (const match of readFileSync(file, 'utf8').matchAll(
          /\benv(?:\.([A-Z][A-Z0-9_]+)|\['([A-Z][A-Z0-9_]+)'\])/g,
        ))
          names.add(match[1] ?? match[2]!);
    }
  };
  visit(SERVER_SRC);
  return names;
}

describe("the specs' server environment (e2e/server-env.ts)", () => {
  it("sets every variable the server reads, so that a developer's .env cannot leak into a spec", () => {
    const read = variablesTheServerReads();
    expect(read.size).toBeGreaterThan(20);
    // PORT is each server's own (scripts/server-child.ts picks a free one).
    const unset = [...read].filter((name) => name !== 'PORT' && !(name in E2E_SERVER_ENV));
    expect(unset).toEqual([]);
  });
});
