// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DepartmentOverview } from '../../shared/contract/overview';
import { DISPLAY_STATUSES } from '../../shared/rules/statuses';
import { totalsOf } from '../../src/features/overview/overview-figures';
import { HomeCards } from '../../src/features/residence-lists/components/home-cards';
import { fillJsdomGaps, json, renderPages } from './test-render';

/**
 * The overview is ours, beyond the spec's API (docs/api.md "Extensions"): the way to it shows
 * only when the server announces it; its totals add the departments up.
 */

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const department = (id: string, residences: number, approved: number, later: number): DepartmentOverview => ({
  departmentId: id,
  departmentName: `Afd. ${id}`,
  residences,
  statuses: {
    ...(Object.fromEntries(DISPLAY_STATUSES.map((s) => [s, 0])) as DepartmentOverview['statuses']),
    notStarted: residences - approved - later,
    approved,
    approvedFuture: later,
  },
  laterApprovals: later > 0 ? [{ date: '2027-01-05', count: later }] : [],
  assessedShare: (approved + later) / residences,
  suitability: [
    { handicapTypeId: 'wheelchair', suitable: approved, partly: 0, unsuitable: 0, notAssessed: 0 },
  ],
});

describe('the overview totals', () => {
  it('add the departments up and take the share from the sums', () => {
    const total = totalsOf([department('a', 100, 10, 0), department('b', 300, 20, 30)]);
    expect(total.residences).toBe(400);
    expect(total.statuses).toMatchObject({ notStarted: 340, approved: 30, approvedFuture: 30, draft: 0 });
    expect(total.assessedShare).toBe(60 / 400);
    expect(total.suitability.find((g) => g.handicapTypeId === 'wheelchair')).toMatchObject({ suitable: 30 });
    expect(totalsOf([]).assessedShare).toBe(0);
  });
});

describe('the way to the overview on home', () => {
  const renderHome = (staticContent: object) => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json([])),
    );
    return renderPages(
      '/',
      { '/': () => <HomeCards organizationId="o1" />, '/overview': 'Overblik' },
      { staticContent },
    );
  };

  it('shows when the server announces the overview', async () => {
    await renderHome({ extensions: ['overview'] });
    expect(await screen.findByRole('link', { name: /^Overblik/ })).toHaveAttribute('href', '/overview');
  });

  it('is not there against a server with only the spec API', async () => {
    await renderHome({});
    expect(await screen.findByRole('link', { name: /^Afdelinger/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Overblik/ })).not.toBeInTheDocument();
  });
});
