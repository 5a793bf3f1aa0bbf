// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AssessmentListEntry, Department } from '../../shared/contract/dto';
import type { ActiveListSearch } from '../../shared/rules/active-list-filters';
import { NO_DATE } from '../../shared/rules/statuses';
import { ActiveAssessments } from '../../src/features/residence-lists/components/active-assessments';
import { fillJsdomGaps, json, renderPages } from './test-render';

/**
 * The active list's filters and export (docs/product.md 2 "/activeAssessments") need the
 * history and export extensions (docs/api.md "Extensions"): with them "Kun mine" and the export
 * button show and work; against a server with only the spec's API neither shows, and a `mine`
 * in a bookmarked URL filters nothing.
 */

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ME = 'aaaaaaaa-0000-4000-8000-000000000001';
const entry = (n: number, createdBy: string | undefined): AssessmentListEntry => ({
  assessmentId: `a${n}`,
  propertyId: `p${n}`,
  departmentId: 'd1',
  assessmentStatus: 'draft',
  isCalculated: false,
  converted: false,
  location: `Testvej ${n}, 8000`,
  validFrom: null,
  futureApprovedDate: NO_DATE,
  createdAt: '2026-11-20T10:00:00.000Z',
  progress: 0.5,
  ...(createdBy !== undefined && {
    createdBy,
    changedBy: createdBy,
    changedByName: createdBy === ME ? 'Mig' : 'Anden',
    changedAt: '2026-11-21T10:00:00.000Z',
  }),
});
const departments: Department[] = [{ departmentId: 'd1', departmentName: 'Afd. 1', propertiesCount: 3 }];

async function renderActive(search: ActiveListSearch, options: { extensions?: string[]; authors: boolean }) {
  const rows = [1, 2, 3].map((n) => entry(n, options.authors ? (n === 2 ? ME : 'someone-else') : undefined));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => json(String(url).includes('availabledepartments') ? departments : rows)),
  );
  await renderPages(
    '/activeAssessments',
    {
      '/activeAssessments': () => (
        <ActiveAssessments organizationId="o1" search={search} onSearch={() => undefined} />
      ),
    },
    {
      session: { canWrite: true, ssoUuid: ME },
      staticContent: options.extensions ? { extensions: options.extensions } : {},
    },
  );
}

describe('the active list with and without our extensions', () => {
  it('offers Kun mine and the export with them, and Kun mine shows only mine', async () => {
    await renderActive({ mine: true }, { extensions: ['history', 'export'], authors: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aktive vurderinger (1)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Kun mine/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Eksportér til Excel (CSV)' })).toBeInTheDocument();
    expect(screen.getByText('Ændret 21.11.26 af Mig')).toBeInTheDocument();
  });

  it('shows neither against a server with only the spec API, and a mine in the URL filters nothing', async () => {
    await renderActive({ mine: true }, { authors: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Aktive vurderinger (3)' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('switch', { name: /Kun mine/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Eksportér til Excel (CSV)' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sortér efter' })).not.toHaveTextContent('Senest ændret');
  });
});
