// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobItem, JobItemsPage, JobState } from '../../shared/contract/dto';
import type { BulkSource, BulkTarget, CopiedEntry } from '../../src/domain/bulk-mode';
import { ApprovedList } from '../../src/features/bulk/approve/approved-list';
import { CopiedList } from '../../src/features/bulk/copy/copied-list';
import { CopySummary } from '../../src/features/bulk/copy/copy-summary';
import { jobProgress } from '../../src/hub/job-progress';
import { bulkStore } from '../../src/offline/bulk-state';
import { fillJsdomGaps, json, renderPages } from './test-render';

// No hub in jsdom: the job is followed by reading its state (as when the hub is unreachable).
vi.mock('../../src/hub/hub-connection', () => ({
  hubConnection: () => Promise.reject(new Error('no hub in tests')),
  stopHubConnection: () => Promise.resolve(),
}));

beforeAll(fillJsdomGaps);

/** A copy to a whole department: 2,207 targets, 300 copied, 7 failed, the rest stopped. */
const TOTAL = 2207;
const COPIED = 300;
const FAILED = 7;
const source: BulkSource = {
  propertyId: 'p-src',
  assessmentId: 'a-src',
  status: 'calculated',
  location: 'Kildevej 1',
};
const target = (n: number): BulkTarget => ({
  propertyId: `p${n}`,
  assessmentId: null,
  status: 'notStarted',
  location: `Målvej ${n}`,
});
const entry = (n: number): CopiedEntry => ({
  propertyId: `p${n}`,
  assessmentId: `new${n}`,
  location: `Målvej ${n}`,
  saved: false,
  eligibleForApproval: true,
});

/** Item `n` (0-based position) of the copy job: copied, then failed, then stopped. */
function copyItem(n: number): JobItem {
  const done = n < COPIED;
  const failed = !done && n < COPIED + FAILED;
  return {
    position: n,
    propertyId: `p${n}`,
    location: `Målvej ${n}`,
    outcome: done ? 'done' : failed ? 'failed' : 'cancelled',
    code: failed ? 'TARGET_READY' : null,
    message: failed ? 'Boligen har en vurdering, der afventer godkendelse, og kan ikke overskrives.' : null,
    validFrom: null,
    assessment: done
      ? {
          assessmentId: `new${n}`,
          propertyId: `p${n}`,
          departmentId: 'd1',
          assessmentStatus: 'draft',
          isCalculated: true,
          converted: false,
          location: `Målvej ${n}`,
          validFrom: null,
          futureApprovedDate: '0001-01-01T00:00:00',
          createdAt: '2026-11-27',
          progress: 1,
        }
      : null,
  };
}

function itemsPage(url: URL, all: JobItem[], fields: Partial<JobItemsPage> = {}): JobItemsPage {
  const offset = Number(url.searchParams.get('offset') ?? 0);
  const limit = Number(url.searchParams.get('limit') ?? 100);
  const outcome = url.searchParams.get('outcome');
  const matching = outcome ? all.filter((i) => i.outcome === outcome) : all;
  return {
    jobId: 'copy-job',
    kind: 'copy',
    status: 'cancelled',
    counts: { pending: 0, done: COPIED, failed: FAILED, skipped: 0, cancelled: TOTAL - COPIED - FAILED },
    total: matching.length,
    offset,
    items: matching.slice(offset, offset + limit),
    ...fields,
  };
}

const copyItems = [...Array(TOTAL).keys()].map(copyItem);
/** An approval of three: one approved, one failed, one approved and since abandoned. */
const finishItems: JobItem[] = [
  { ...copyItems[0]!, validFrom: '2026-11-27' },
  { ...copyItems[COPIED]!, assessment: copyItems[1]!.assessment, validFrom: '2026-11-27' },
  { ...copyItems[2]!, assessment: null, validFrom: '2026-11-27' },
];
let requests: URL[];

beforeEach(() => {
  sessionStorage.clear();
  bulkStore.reset();
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), location.origin);
      requests.push(url);
      if (url.pathname === '/api/v2/jobs/copy-job/items') return json(itemsPage(url, copyItems));
      if (url.pathname === '/api/v2/jobs/finish-job/items')
        return json(
          itemsPage(url, finishItems, {
            jobId: 'finish-job',
            kind: 'finish',
            status: 'partlyFailed',
            counts: { pending: 0, done: 2, failed: 1, skipped: 0, cancelled: 0 },
          }),
        );
      throw new Error(`Unexpected call: ${init?.method ?? 'GET'} ${url.pathname}`);
    }),
  );
});

afterEach(() => {
  jobProgress.dismiss();
  bulkStore.reset();
  cleanup();
  vi.unstubAllGlobals();
});

/** The flow as a stopped copy leaves it: copy complete, its job's id and its copies kept. */
function finishedCopy() {
  bulkStore.dispatch({ type: 'copy', source, origin: '/departments/properties/d1' });
  bulkStore.dispatch({ type: 'selectTargets', targets: [...Array(TOTAL).keys()].map(target) });
  bulkStore.dispatch({ type: 'paste', copyKey: 'k' });
  bulkStore.dispatch({
    type: 'copyFinished',
    jobId: 'copy-job',
    copied: [...Array(COPIED).keys()].map(entry),
  });
}

describe('the result page of a copy to a whole department (docs/product.md 4, docs/api.md "Jobs")', () => {
  it('reads the items a page at a time and tells the true counts: done of all, stopped, failed and why', async () => {
    finishedCopy();
    await renderPages('/copied', { '/copied': CopiedList, '/approve': 'Godkend', '/copy': 'Kopiér' });
    const status = await screen.findByText(/af 2\.207 boliger er kopieret/);
    expect(status).toHaveTextContent(/^300 af 2\.207 boliger er kopieret\. Stoppet af dig\.$/);
    const alert = await screen.findByRole('alert', { name: '7 mislykkedes' });
    expect(
      await within(alert).findByText(
        'Boligen har en vurdering, der afventer godkendelse, og kan ikke overskrives. (7)',
      ),
    ).toBeInTheDocument();
    // One page of rows was read, not every id sent up; the list shows the rows in view.
    const pages = requests.filter((u) => u.pathname.endsWith('/items') && !u.searchParams.get('outcome'));
    expect(pages.map((u) => u.searchParams.get('offset'))).toEqual(['0']);
    const list = screen.getByRole('list', { name: 'Kopierede boliger' });
    expect(within(list).getByRole('link', { name: 'Åbn kopien for Målvej 0' })).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem').length).toBeLessThan(40);
  });

  it('Godkend (n) approves every copy, also those not read yet', async () => {
    finishedCopy();
    const router = await renderPages('/copied', { '/copied': CopiedList, '/approve': 'Godkend' });
    const approve = await screen.findByRole('button', { name: 'Godkend (300)' });
    await userEvent.click(approve);
    await waitFor(() => expect(router.state.location.pathname).toBe('/approve'));
    const handed = router.state.location.state.approve!;
    expect(handed.from).toBe('copied');
    expect(handed.properties).toHaveLength(COPIED);
    expect(handed.properties.at(-1)).toEqual({
      propertyId: 'p299',
      assessmentId: 'new299',
      location: 'Målvej 299',
    });
  });

  it('copies again to the failed ones: the flow starts over with just those chosen', async () => {
    finishedCopy();
    const router = await renderPages('/copied', { '/copied': CopiedList, '/copy': 'Kopiér' });
    await userEvent.click(await screen.findByRole('button', { name: 'Kopiér igen til de mislykkede (7)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/copy'));
    const state = bulkStore.getSnapshot();
    expect(state.mode).toBe('copying');
    expect(state.source).toEqual(source);
    expect(state.targets.map((t) => t.propertyId)).toEqual([
      'p300',
      'p301',
      'p302',
      'p303',
      'p304',
      'p305',
      'p306',
    ]);
  });

  it('an approval’s result page counts approved and failed, and offers to approve the failed ones again', async () => {
    bulkStore.dispatch({
      type: 'startApproval',
      from: 'list',
      items: [0, 1, 2].map((n) => ({
        assessmentId: `new${n}`,
        propertyId: `p${n}`,
        validFrom: '2026-11-27',
      })),
      origin: '/departments/properties/d1',
    });
    bulkStore.dispatch({ type: 'approvalFinished', jobId: 'finish-job' });
    await renderPages('/approved', { '/approved': () => <ApprovedList variant="list" />, '/': 'Forside' });
    expect(await screen.findByText(/af 3 vurderinger er godkendt/)).toHaveTextContent(
      /^2 af 3 vurderinger er godkendt\.$/,
    );
    expect(await screen.findByText('1 mislykkedes')).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Godkendte vurderinger' });
    expect(within(list).getByText('Vurderingen findes ikke længere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Godkend de mislykkede igen (1)' })).toBeInTheDocument();
  });
});

describe('Stop in the progress dialog (docs/api.md "Jobs", cancel)', () => {
  it('stops the copy, and its result page follows with what was done', async () => {
    let cancelled = false;
    const running: JobState = {
      jobId: 'copy-job',
      kind: 'copy',
      status: 'running',
      currentCount: 1,
      maxCount: 3,
      errorCount: 0,
      failedItems: [],
      copied: [{ propertyId: 'p0', newAssessmentId: 'new0' }],
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(String(input), location.origin);
        if (url.pathname === '/api/v2/assessment/copyassessments') return json({ jobId: 'copy-job' });
        if (url.pathname === '/api/v2/jobs/copy-job/cancel' && init?.method === 'POST') {
          cancelled = true;
          return json({ ...running, status: 'cancelled' });
        }
        if (url.pathname === '/api/v2/jobs/copy-job')
          return json(cancelled ? { ...running, status: 'cancelled' } : running);
        throw new Error(`Unexpected call: ${url.pathname}`);
      }),
    );
    bulkStore.dispatch({ type: 'copy', source, origin: '/departments/properties/d1' });
    bulkStore.dispatch({ type: 'selectTargets', targets: [0, 1, 2].map(target) });
    const router = await renderPages('/copy', { '/copy': CopySummary, '/copied': 'Kopierede' });
    await userEvent.click(await screen.findByRole('button', { name: 'Indsæt (3)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopierer vurderinger' });
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Stop' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/copied'));
    expect(cancelled).toBe(true);
    expect(bulkStore.getSnapshot()).toMatchObject({ mode: 'copyComplete', copyJobId: 'copy-job' });
    expect(bulkStore.getSnapshot().copied.map((c) => c.assessmentId)).toEqual(['new0']);
  });
});
