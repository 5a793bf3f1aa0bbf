import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { routeFilePath, routeFilePattern } from '../../src/app/route-file-pattern';

/**
 * The build's signed-in preload (vite.config.ts) finds the opening screen's chunks by these
 * patterns: each must match exactly the paths its file's route answers, as TanStack's own
 * route id says.
 */

const ROUTES = path.resolve('src/routes');

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? routeFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

describe('routeFilePath', () => {
  it('is the path with its parameters, without layouts and index', () => {
    const of = (file: string) => routeFilePath(`/app/src/routes/${file}`);
    expect(of('_signedIn/_withOrganization/departments/properties/$departmentId.tsx')).toBe(
      '/departments/properties/$departmentId',
    );
    expect(of('_signedIn/_withOrganization/assessment/$propertyId.$assessmentId.index.tsx')).toBe(
      '/assessment/$propertyId/$assessmentId',
    );
    expect(of('_signedIn/_withOrganization/departments/index.tsx')).toBe('/departments');
    expect(of('_signedIn/_withOrganization/_write.tsx')).toBeNull();
  });
});

describe('routeFilePattern', () => {
  it('reads pathless layouts, index routes, flat names and parameters', () => {
    const of = (file: string) => routeFilePattern(`/app/src/routes/${file}`);
    const list = of('_signedIn/_withOrganization/departments/properties/$departmentId.tsx')!;
    expect(list.test('/departments/properties/5e1d')).toBe(true);
    expect(list.test('/departments/properties/5e1d/')).toBe(true);
    expect(list.test('/departments/properties')).toBe(false);
    expect(list.test('/departments/properties/a/b')).toBe(false);
    const question = of(
      '_signedIn/_withOrganization/assessment/$propertyId.$assessmentId.$chapter.$questionId.tsx',
    )!;
    expect(question.test('/assessment/p/a/screening/001')).toBe(true);
    expect(question.test('/assessment/p/a')).toBe(false);
    const assessment = of('_signedIn/_withOrganization/assessment/$propertyId.$assessmentId.index.tsx')!;
    expect(assessment.test('/assessment/p/a')).toBe(true);
    expect(assessment.test('/assessment/p/a/screening/001')).toBe(false);
    expect(of('_signedIn/_withOrganization/departments/index.tsx')!.test('/departments')).toBe(true);
    expect(of('_signedIn/_withOrganization/_write.tsx')).toBeNull();
    expect(of('__root.tsx')).toBeNull();
    expect(routeFilePattern('/app/src/features/x.tsx')).toBeNull();
  });

  it('matches every route file to the path of its own route id', () => {
    const files = routeFiles(ROUTES).filter((file) => file.endsWith('.tsx'));
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) {
      const id = /createFileRoute\(\s*'([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
      const pattern = routeFilePattern(file);
      if (!id) {
        expect(pattern, file).toBeNull();
        continue;
      }
      const segments = id.split('/').filter(Boolean);
      if (segments.length > 0 && segments.at(-1)!.startsWith('_')) {
        expect(pattern, file).toBeNull();
        continue;
      }
      const example = `/${segments
        .filter((s) => !s.startsWith('_'))
        .map((s) => (s.startsWith('$') ? 'x1' : s))
        .join('/')}`;
      expect(pattern?.test(example), `${file} → ${example}`).toBe(true);
      expect(pattern?.test(`${example}/more`), file).toBe(false);
    }
  });
});
