// @vitest-environment jsdom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { JobState } from '../../shared/contract/dto';
import type { BulkSource, BulkTarget } from '../../src/domain/bulk-mode';
import { CopySummary } from '../../src/features/bulk/copy/copy-summary';
import { jobProgress } from '../../src/hub/job-progress';
import { bulkStore } from '../../src/offline/bulk-state';
import { currentJobState } from '../../src/offline/client-state';
import { fillJsdomGaps, json, renderPages, unsignedToken } from './test-render';
import { tokenStore } from '../../src/api/token-store';

// No hub in jsdom: the job is followed by reading its state (as when the hub is unreachable).
vi.mock('../../src/hub/hub-connection', () => ({
  hubConnection: () => Promise.reject(new Error('no hub in tests')),
  stopHubConnection: () => Promise.resolve(),
}));

beforeAll(fillJsdomGaps);

type Handler = (url: URL, init: RequestInit | undefined) => Response;
let handlers: Record<string, Handler>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), location.origin);
  const handler =
    handlers[url.pathname] ?? (url.pathname.startsWith('/api/v2/jobs/') ? handlers.job : undefined);
  if (!handler) throw new Error(`Unexpected call: ${url.pathname}`);
  return handler(url, init);
});

const callsTo = (pathname: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), location.origin), init }))
    .filter((c) => c.url.pathname === pathname);

const source = (status: BulkSource['status'] = 'draft'): BulkSource => ({
  propertyId: 'p-src',
  assessmentId: 'a-src',
  status,
  location: 'Kildevej 1, st.',
});
const target = (n: number, status: BulkTarget['status'] = 'notStarted'): BulkTarget => ({
  propertyId: `p${n}`,
  assessmentId: status === 'notStarted' ? null : `a${n}`,
  status,
  location: `Målvej ${n}`,
});

function jobState(fields: Partial<JobState> = {}): JobState {
  return {
    jobId: 'job-1',
    kind: 'copy',
    status: 'succeeded',
    currentCount: 2,
    maxCount: 2,
    errorCount: 0,
    failedItems: [],
    copied: [
      { propertyId: 'p1', newAssessmentId: 'new1' },
      { propertyId: 'p2', newAssessmentId: 'new2' },
    ],
    ...fields,
  };
}

function startCopying(targets: BulkTarget[], from: BulkSource = source()) {
  bulkStore.dispatch({ type: 'copy', source: from, origin: '/departments/properties/d1' });
  bulkStore.dispatch({ type: 'selectTargets', targets });
}

function renderCopy() {
  return renderPages('/copy', {
    '/copy': CopySummary,
    '/copied': 'Kopierede',
    '/approvecopied': 'Godkend kopierede',
    '/departments/properties/d1': 'Afdelingen',
  });
}

beforeEach(() => {
  sessionStorage.clear();
  bulkStore.reset();
  handlers = {};
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  tokenStore.clear();
  jobProgress.dismiss();
  bulkStore.reset();
  cleanup();
  vi.unstubAllGlobals();
});

describe('the /copy summary (docs/product.md 2, 4 "Bulk mode", 5)', () => {
  it('without targets Paste is unavailable and says why; nothing warns of overwriting', async () => {
    startCopying([]);
    await renderCopy();
    const paste = await screen.findByRole('button', { name: 'Indsæt (0)' });
    expect(paste).toHaveAttribute('aria-disabled', 'true');
    expect(paste).toHaveAccessibleDescription('Vælg mindst én bolig.');
    expect(
      screen.queryByRole('region', { name: 'Nogle boliger har allerede en vurdering' }),
    ).not.toBeInTheDocument();
    await userEvent.click(paste);
    expect(callsTo('/api/v2/assessment/copyassessments')).toHaveLength(0);
  });

  it('a source and a target approved from a later day name that day', async () => {
    const later = { status: 'approvedFuture' as const, futureApprovedDate: '2026-12-15' };
    startCopying([{ ...target(1), assessmentId: 'a1', ...later }], { ...source(), ...later });
    await renderCopy();
    const card = await screen.findByRole('region', { name: 'Kopierer fra' });
    expect(within(card).getByText('Godkendt fra 15.12.26')).toBeInTheDocument();
    expect(screen.getAllByText('Godkendt fra 15.12.26')).toHaveLength(2);
    expect(document.body).not.toHaveTextContent('{date}');
  });

  it('while the device waits for a sign-in, Paste says so and sends nothing; a refused token says to sign in again', async () => {
    tokenStore.set(unsignedToken('u1'));
    tokenStore.drop();
    startCopying([target(1)]);
    await renderCopy();
    const paste = await screen.findByRole('button', { name: 'Indsæt (1)' });
    expect(paste).toHaveAttribute('aria-disabled', 'true');
    expect(paste).toHaveAccessibleDescription('Dit login er udløbet. Log ind igen først.');
    await userEvent.click(paste);
    expect(callsTo('/api/v2/assessment/copyassessments')).toHaveLength(0);
    cleanup();

    // A token the server no longer takes: refused once, said in Danish, and the button then waits.
    handlers = {
      '/api/v2/assessment/copyassessments': () =>
        json({ message: 'Session ended: sign in again', code: 'TOKEN_INVALID' }, 401),
    };
    tokenStore.set(unsignedToken('u1'));
    await renderCopy();
    await userEvent.click(await screen.findByRole('button', { name: 'Indsæt (1)' }));
    expect(
      await screen.findAllByText('Dit login er udløbet. Log ind igen, og prøv så igen.'),
    ).not.toHaveLength(0);
    expect(document.body).not.toHaveTextContent('Session ended');
  });

  it('the overwrite warning names the kinds present with the wording for the combination; removing a target counts down', async () => {
    startCopying([target(1, 'approved'), target(2, 'calculated'), target(3)]);
    await renderCopy();
    const warning = await screen.findByRole('region', { name: 'Nogle boliger har allerede en vurdering' });
    expect(within(warning).getByText('1 godkendt vurdering')).toBeInTheDocument();
    expect(within(warning).getByText('1 vurdering i gang')).toBeInTheDocument();
    expect(
      within(warning).getByText(
        'Vurderinger, der ikke er godkendt, bliver annulleret. Godkendte vurderinger gælder, indtil kopierne bliver godkendt.',
      ),
    ).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Fjern Målvej 2' }));
    expect(screen.getByRole('button', { name: 'Indsæt (2)' })).toBeInTheDocument();
    expect(
      within(warning).getByText('De godkendte vurderinger gælder, indtil kopierne bliver godkendt.'),
    ).toBeInTheDocument();
  });

  it('Paste starts the job with an idempotency key; when it is done the copies are kept and a draft source goes to /copied', async () => {
    handlers = {
      '/api/v2/assessment/copyassessments': () => json({ jobId: 'job-1' }),
      job: () => json(jobState()),
    };
    startCopying([target(1), target(2)]);
    const router = await renderCopy();
    await userEvent.click(await screen.findByRole('button', { name: 'Indsæt (2)' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/copied'));
    const [post] = callsTo('/api/v2/assessment/copyassessments');
    expect(JSON.parse(String(post!.init!.body))).toEqual({
      propertyIds: ['p1', 'p2'],
      isFakeJob: false,
      sourceAssessmentIdToCopyFrom: 'a-src',
    });
    expect(new Headers(post!.init!.headers).get('Idempotency-Key')).toMatch(/\S{8,}/);
    const state = bulkStore.getSnapshot();
    expect(state).toMatchObject({ mode: 'copyComplete', copyKey: null });
    expect(state.copied).toEqual([
      {
        propertyId: 'p1',
        assessmentId: 'new1',
        location: 'Målvej 1',
        saved: false,
        eligibleForApproval: false,
      },
      {
        propertyId: 'p2',
        assessmentId: 'new2',
        location: 'Målvej 2',
        saved: false,
        eligibleForApproval: false,
      },
    ]);
    expect(currentJobState.get()).toBeNull();
  });

  it('a calculated source goes on to /approvecopied, its copies ready for approval', async () => {
    handlers = {
      '/api/v2/assessment/copyassessments': () => json({ jobId: 'job-1' }),
      job: () => json(jobState()),
    };
    startCopying([target(1), target(2)], source('calculated'));
    const router = await renderCopy();
    await userEvent.click(await screen.findByRole('button', { name: 'Indsæt (2)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/approvecopied'));
    expect(bulkStore.getSnapshot().copied.every((entry) => entry.eligibleForApproval)).toBe(true);
  });

  it('after a reload before the server answered, the same job is asked for again with the same key', async () => {
    handlers = {
      '/api/v2/assessment/copyassessments': () => json({ jobId: 'job-1' }),
      job: () => json(jobState()),
    };
    startCopying([target(1), target(2)]);
    bulkStore.dispatch({ type: 'paste', copyKey: 'key-from-before-the-reload' });
    const router = await renderCopy();

    await waitFor(() => expect(router.state.location.pathname).toBe('/copied'));
    const posts = callsTo('/api/v2/assessment/copyassessments');
    expect(posts).toHaveLength(1);
    expect(new Headers(posts[0]!.init!.headers).get('Idempotency-Key')).toBe('key-from-before-the-reload');
  });

  it('after a reload the running job is read again: the dialog shows its count, and its end leads on', async () => {
    let state = jobState({ status: 'running', currentCount: 1, copied: [] });
    handlers = { job: () => json(state) };
    startCopying([target(1), target(2)]);
    bulkStore.dispatch({ type: 'paste', copyKey: 'k' });
    currentJobState.set({ jobId: 'job-1', kind: 'copy' });
    const router = await renderCopy();

    const dialog = await screen.findByRole('dialog', { name: 'Kopierer vurderinger' });
    await within(dialog).findByText('Kopierer 1 af 2 vurderinger');
    state = jobState();
    await waitFor(() => expect(router.state.location.pathname).toBe('/copied'), { timeout: 8000 });
    expect(callsTo('/api/v2/assessment/copyassessments')).toHaveLength(0);
    expect(bulkStore.getSnapshot().copied).toHaveLength(2);
  }, 15_000);

  it('a job that copied nothing shows its error; closing it returns to choosing with the targets kept', async () => {
    handlers = {
      '/api/v2/assessment/copyassessments': () => json({ jobId: 'job-1' }),
      job: () =>
        json(
          jobState({
            status: 'failed',
            errorCount: 2,
            copied: [],
            failedItems: [
              {
                propertyId: 'p1',
                assessmentId: null,
                code: 'SOURCE_NOT_FOUND',
                message: 'Kilden findes ikke.',
              },
            ],
          }),
        ),
    };
    startCopying([target(1), target(2)]);
    await renderCopy();
    await userEvent.click(await screen.findByRole('button', { name: 'Indsæt (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Kopierer vurderinger' });
    // Each reason names the residences it hit.
    await within(dialog).findByText('Kilden findes ikke. (Målvej 1)');
    // The dialog's own close button and the one under the error both read "Luk".
    await userEvent.click(within(dialog).getAllByRole('button', { name: 'Luk' }).at(-1)!);
    await waitFor(() => expect(bulkStore.getSnapshot().mode).toBe('copying'));
    expect(bulkStore.getSnapshot().targets).toHaveLength(2);
  });
});
