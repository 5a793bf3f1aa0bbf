// @vitest-environment jsdom
import { Link } from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ApprovalRequest } from '../../src/domain/bulk-approval';
import { ApproveConfirm } from '../../src/features/bulk/approve/approve-confirm';
import { LeaveFlowGuard } from '../../src/features/bulk/approve/leave-flow-guard';
import { jobProgress } from '../../src/hub/job-progress';
import { bulkStore } from '../../src/offline/bulk-state';
import { fillJsdomGaps, json, renderPages } from './test-render';

vi.mock('../../src/hub/hub-connection', () => ({
  hubConnection: () => Promise.reject(new Error('no hub in tests')),
  stopHubConnection: () => Promise.resolve(),
}));

beforeAll(fillJsdomGaps);

const request: ApprovalRequest = {
  from: 'list',
  properties: [
    { propertyId: 'p1', assessmentId: 'a1', location: 'Møllevej 1' },
    { propertyId: 'p2', assessmentId: 'a2', location: 'Møllevej 2' },
  ],
  origin: '/departments/properties/d1',
};

interface FinishCall {
  key: string | null;
  body: { assessmentsToFinish: { assessmentId: string; validFrom: string }[] };
}

let finishCalls: FinishCall[];
/** What POST finishassessments answers, call by call (the last one repeats). */
let finishAnswers: Response[];

beforeEach(() => {
  finishCalls = [];
  finishAnswers = [json({ jobId: 'job-9' })];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), location.origin);
      if (url.pathname === '/api/v2/assessment/finishassessments') {
        const headers = new Headers(init?.headers);
        finishCalls.push({ key: headers.get('Idempotency-Key'), body: JSON.parse(String(init?.body)) });
        return finishAnswers.length > 1 ? finishAnswers.shift()! : finishAnswers[0]!.clone();
      }
      if (url.pathname === '/api/v2/jobs/job-9')
        return json({
          jobId: 'job-9',
          kind: 'finish',
          status: 'succeeded',
          currentCount: 2,
          maxCount: 2,
          errorCount: 0,
          failedItems: [],
          copied: [],
        });
      throw new Error(`Unexpected call: ${url.pathname}`);
    }),
  );
});

afterEach(() => {
  jobProgress.dismiss();
  bulkStore.reset();
  cleanup();
  vi.unstubAllGlobals();
});

function renderConfirm(sendWaitingAnswers?: () => Promise<boolean>) {
  return renderPages('/approve/confirm', {
    '/approve/confirm': () => <ApproveConfirm request={request} sendWaitingAnswers={sendWaitingAnswers} />,
    '/approved': 'Godkendte vurderinger',
  });
}

describe('approving many (docs/product.md 4 "Bulk mode", 8)', () => {
  it('a refused start shows bulkApprove.error with the refusal in our words, leaves nothing half-done, and Prøv igen asks again with the same key', async () => {
    finishAnswers = [
      json({ message: 'Assessment a2 cannot be approved: draft', code: 'ASSESSMENT_NOT_APPROVABLE' }, 409),
      json({ jobId: 'job-9' }),
    ];
    const router = await renderConfirm();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Godkend nu' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Godkendelsen mislykkedes');
    expect(alert).toHaveTextContent(
      'Nogle af vurderingerne er ændret, godkendt eller slettet i mellemtiden. Hent siden igen, og prøv igen.',
    );
    expect(alert).not.toHaveTextContent('cannot be approved');
    expect(bulkStore.getSnapshot().mode).toBe('idle');
    expect(finishCalls).toHaveLength(1);
    expect(finishCalls[0]!.key).toBeTruthy();
    expect(finishCalls[0]!.body.assessmentsToFinish.map((i) => i.assessmentId)).toEqual(['a1', 'a2']);

    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/approved'));
    expect(finishCalls).toHaveLength(2);
    expect(finishCalls[1]).toEqual(finishCalls[0]);
    const state = bulkStore.getSnapshot();
    expect(state.mode).toBe('approvalComplete');
    expect(state.approval).toMatchObject({
      jobId: 'job-9',
      items: [{ assessmentId: 'a1' }, { assessmentId: 'a2' }],
    });
  });

  it('with answers of a chosen assessment still on the device nothing is queued, and the user is told', async () => {
    let asked = 0;
    await renderConfirm(async () => {
      asked++;
      return false;
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Godkend nu' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nogle svar er endnu ikke sendt');
    expect(asked).toBe(1);
    expect(finishCalls).toEqual([]);
    expect(bulkStore.getSnapshot().mode).toBe('idle');
  });

  it('after a reload before the server answered, the approval is asked for again with the same key', async () => {
    bulkStore.dispatch({
      type: 'startApproval',
      from: 'list',
      items: [{ assessmentId: 'a1', propertyId: 'p1', validFrom: '2026-12-15T00:00:00+01:00' }],
      origin: request.origin,
      key: 'key-before-reload',
    });
    const router = await renderConfirm();
    await waitFor(() => expect(router.state.location.pathname).toBe('/approved'));
    expect(finishCalls).toEqual([
      {
        key: 'key-before-reload',
        body: expect.objectContaining({
          assessmentsToFinish: [
            { assessmentId: 'a1', propertyId: 'p1', validFrom: '2026-12-15T00:00:00+01:00' },
          ],
        }) as FinishCall['body'],
      },
    ]);
    expect(bulkStore.getSnapshot().approval?.jobId).toBe('job-9');
  });
});

describe('the guard dialog of a finished flow (docs/product.md 4)', () => {
  async function renderFinished() {
    bulkStore.dispatch({
      type: 'startApproval',
      from: 'list',
      items: [{ assessmentId: 'a1', propertyId: 'p1', validFrom: '2026-12-15' }],
      origin: request.origin,
    });
    bulkStore.dispatch({ type: 'approvalFinished', jobId: 'job-9' });
    return renderPages('/approved', {
      '/approved': () => (
        <>
          <h1>Godkendte vurderinger</h1>
          <Link to="/departments">Et andet sted</Link>
          <LeaveFlowGuard />
        </>
      ),
      '/': 'Forside',
      '/departments': 'Et andet sted',
    });
  }

  it('Back stays on the page; Finish ends the flow and goes home', async () => {
    const router = await renderFinished();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Et andet sted' }));
    const dialog = await screen.findByRole('dialog', { name: 'Er du færdig?' });
    await user.click(within(dialog).getByRole('button', { name: 'Tilbage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/approved');
    expect(bulkStore.getSnapshot().mode).toBe('approvalComplete');

    await user.click(screen.getByRole('link', { name: 'Et andet sted' }));
    const again = await screen.findByRole('dialog', { name: 'Er du færdig?' });
    await user.click(within(again).getByRole('button', { name: 'Afslut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(bulkStore.getSnapshot().mode).toBe('idle');
  });

  it('does not ask once the flow has ended', async () => {
    const router = await renderFinished();
    bulkStore.dispatch({ type: 'finish' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Et andet sted' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/departments'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
