// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { FRESH_WAIT_MS } from '../../src/api/fresh-query';
import { ApiError } from '../../src/api/http';
import { theme } from '../../src/app/theme';
import { translate, type Translate } from '../../src/i18n/translate';
import { JobProgressDialog } from '../../src/ui/job-progress-dialog';
import { jobStartMessage } from '../../src/ui/job-start-error';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** The dialog as a job's screen renders it; with its transitions (no env="test"), as users see it. */
function dialog(opened: boolean, currentCount: number, more: { starting?: boolean; error?: string } = {}) {
  return (
    <MantineProvider theme={theme}>
      <JobProgressDialog
        starting={more.starting}
        error={more.error ? { text: more.error, details: [] } : null}
        opened={opened}
        title="Godkender vurderinger"
        progressText={`Godkender ${currentCount} af 2179 vurderinger`}
        keepOpenText="Luk ikke appen, mens vi godkender."
        currentCount={currentCount}
        maxCount={2179}
        onClose={() => {}}
      />
    </MantineProvider>
  );
}

describe('the progress dialog of a job (src/ui/job-progress-dialog.tsx)', () => {
  it('keeps its last counts while it fades out, never "0 af …" once its job is gone', () => {
    const { rerender } = render(dialog(true, 2176));
    expect(screen.getByText('Godkender 2176 af 2179 vurderinger')).toBeInTheDocument();
    // The job ended and was forgotten: its screen passes no counts any more.
    rerender(dialog(false, 0));
    expect(screen.getByText('Godkender 2176 af 2179 vurderinger')).toBeInTheDocument();
    expect(screen.queryByText(/Godkender 0 af/)).not.toBeInTheDocument();
  });

  it('shows a new job’s counts from its first moment', () => {
    const { rerender } = render(dialog(true, 2179));
    rerender(dialog(false, 0));
    rerender(dialog(true, 3));
    expect(screen.getByText('Godkender 3 af 2179 vurderinger')).toBeInTheDocument();
  });

  it('says after a moment that the server has not answered the start, and no more once it has', () => {
    vi.useFakeTimers();
    const { rerender } = render(dialog(true, 0, { starting: true }));
    const waiting = 'Serveren har ikke svaret endnu. Det går i gang, når den svarer.';
    act(() => vi.advanceTimersByTime(FRESH_WAIT_MS - 100));
    expect(screen.queryByText(waiting)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByText(waiting)).toBeInTheDocument();
    rerender(dialog(true, 1));
    expect(screen.queryByText(waiting)).not.toBeInTheDocument();
  });

  it('a start that met no server, or was refused, says so in Danish, never "Timeout"', () => {
    const t: Translate = (key, params) => translate(key, params);
    expect(jobStartMessage(new ApiError(0, 'Timeout'), t)).toBe(
      'Serveren svarede ikke. Forbindelsen er måske for dårlig, eller serveren er nede. Prøv igen om lidt.',
    );
    expect(jobStartMessage(new ApiError(401, 'Missing bearer token'), t)).toBe(
      'Dit login er udløbet. Log ind igen, og prøv så igen.',
    );
    // Every refusal a start can meet is said in Danish; the server's words only for an unknown one.
    const refusals: [number, string | undefined][] = [
      [403, 'FORBIDDEN'],
      [409, 'ASSESSMENT_APPROVED'],
      [429, 'RATE_LIMITED'],
      [429, 'JOB_QUEUE_FULL'],
      [500, 'INTERNAL'],
      [503, undefined],
    ];
    for (const [status, code] of refusals) {
      const said = jobStartMessage(new ApiError(status, 'English words', code ? { code } : undefined), t);
      expect(said, `${status} ${code}`).not.toBe('English words');
    }
    expect(jobStartMessage(new ApiError(400, 'Something new', { code: 'BAD_REQUEST' }), t)).toBe(
      'Something new',
    );
  });
});
