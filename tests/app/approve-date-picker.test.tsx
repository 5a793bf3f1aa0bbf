// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import dayjs from 'dayjs';
import 'dayjs/locale/da';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstFutureDay, futureValidFrom } from '../../src/domain/approval';
import { ApproveDatePicker } from '../../src/features/results/components/approve-date-picker';
import { jobProgress } from '../../src/hub/job-progress';
import { fillJsdomGaps, json, renderPages } from './test-render';

vi.mock('../../src/hub/hub-connection', () => ({
  hubConnection: () => Promise.reject(new Error('no hub in tests')),
  stopHubConnection: () => Promise.resolve(),
}));

beforeAll(fillJsdomGaps);

const bodies: unknown[] = [];
/** What POST finishassessments answers (a refusal, in one test). */
let finishAnswer: () => Response;
beforeEach(() => {
  bodies.length = 0;
  finishAnswer = () => json({ jobId: 'job-2' });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), location.origin);
      if (url.pathname === '/api/v2/assessment/finishassessments') {
        bodies.push(JSON.parse(String(init?.body)));
        return finishAnswer();
      }
      if (url.pathname === '/api/v2/jobs/job-2')
        return json({
          jobId: 'job-2',
          kind: 'finish',
          status: 'running',
          currentCount: 0,
          maxCount: 1,
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
  cleanup();
  vi.unstubAllGlobals();
});

async function renderPicker() {
  await renderPages('/results/datepicker/p1/a1', {
    '/results/datepicker/$propertyId/$assessmentId': () => (
      <ApproveDatePicker propertyId="p1" assessmentId="a1" sendWaitingAnswers={async () => true} />
    ),
    '/results/$propertyId/$assessmentId': 'Resultat',
  });
}

const dayLabel = (day: string) => dayjs(day).locale('da').format('dddd D. MMMM YYYY');

describe('the date picker of one approval (docs/product.md 2 and 5)', () => {
  it('offers days from tomorrow; Godkend waits for a day and then approves from its local midnight', async () => {
    await renderPicker();
    expect(await screen.findByRole('heading', { level: 1, name: 'Vælg startdato' })).toBeInTheDocument();
    const approve = screen.getByRole('button', { name: 'Godkend' });
    expect(approve).toBeDisabled();
    expect(screen.getByText('Vælg en dato for at godkende.')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Startdato' })).toBeInTheDocument();

    const tomorrow = firstFutureDay();
    const today = dayjs(tomorrow).subtract(1, 'day').format('YYYY-MM-DD');
    // Today is in the calendar unless tomorrow starts a new month.
    const todayButton = screen.queryByRole('button', { name: dayLabel(today) });
    if (todayButton)
      expect(todayButton.hasAttribute('disabled') || todayButton.dataset.disabled).toBeTruthy();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: dayLabel(tomorrow) }));
    expect(
      screen.getByText(`Vurderingen gælder fra ${dayjs(tomorrow).format('DD.MM.YY')}.`),
    ).toBeInTheDocument();
    expect(approve).toBeEnabled();

    await user.click(approve);
    await waitFor(() =>
      expect(bodies).toEqual([
        {
          assessmentsToFinish: [
            { assessmentId: 'a1', propertyId: 'p1', validFrom: futureValidFrom(tomorrow) },
          ],
          isFakeJob: false,
        },
      ]),
    );
    expect(await screen.findByRole('dialog', { name: 'Godkender vurderinger' })).toBeInTheDocument();
  });

  it('a refused approval says so in the words of this page: assessmentApprove.error (docs/product.md 8)', async () => {
    finishAnswer = () => json({ message: 'Nej', code: 'ASSESSMENT_NOT_APPROVABLE' }, 409);
    await renderPicker();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: dayLabel(firstFutureDay()) }));
    await user.click(screen.getByRole('button', { name: 'Godkend' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Godkendelsen mislykkedes');
    expect(alert).toHaveTextContent(
      'Vi kunne ikke godkende vurderingen. Prøv igen, og kontakt support, hvis fejlen bliver ved.',
    );
  });
});
