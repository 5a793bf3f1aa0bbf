// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { theme } from '../../src/app/theme';
import { JobProgressDialog } from '../../src/ui/job-progress-dialog';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

/** The dialog as a job's screen renders it; with its transitions (no env="test"), as users see it. */
function dialog(opened: boolean, currentCount: number) {
  return (
    <MantineProvider theme={theme}>
      <JobProgressDialog
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
});
