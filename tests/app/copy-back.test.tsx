// @vitest-environment jsdom
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { FormTopBar } from '../../src/features/assessment/components/form-top-bar';
import { useCopyBack } from '../../src/features/assessment/hooks/use-copy-back';
import { bulkStore } from '../../src/offline/bulk-state';
import { fillJsdomGaps, renderPages } from './test-render';

beforeAll(fillJsdomGaps);

/** A finished copy flow whose copies are new1 and new2. */
function finishedCopy() {
  bulkStore.dispatch({
    type: 'copy',
    source: { propertyId: 'p-src', assessmentId: 'a-src', status: 'draft', location: 'Kildevej 1' },
    origin: '/departments/properties/d1',
  });
  bulkStore.dispatch({
    type: 'selectTargets',
    targets: [1, 2].map((n) => ({
      propertyId: `p${n}`,
      assessmentId: null,
      status: 'notStarted',
      location: `Målvej ${n}`,
    })),
  });
  bulkStore.dispatch({ type: 'paste', copyKey: 'k' });
  bulkStore.dispatch({
    type: 'copyFinished',
    jobId: 'copy-job',
    copied: [1, 2].map((n) => ({
      propertyId: `p${n}`,
      assessmentId: `new${n}`,
      location: `Målvej ${n}`,
      saved: false,
      eligibleForApproval: false,
    })),
  });
}

function renderForm(assessmentId: string, onLeave = vi.fn()) {
  return renderPages('/form', {
    '/form': function Form() {
      const copyBack = useCopyBack(assessmentId);
      return (
        <FormTopBar
          propertyId="p1"
          locked={false}
          onLeave={onLeave}
          onOpenToc={() => {}}
          onCopyBack={copyBack}
        />
      );
    },
    '/copied': 'Kopierede',
  });
}

beforeEach(() => {
  sessionStorage.clear();
  bulkStore.reset();
});

afterEach(() => {
  bulkStore.reset();
  cleanup();
});

describe('the form\'s back button after a bulk copy (docs/product.md 2 "The assessment form")', () => {
  it('on a copy: "save answers and go back" returns to /copied and marks the copy saved', async () => {
    finishedCopy();
    const onLeave = vi.fn();
    const router = await renderForm('new2', onLeave);
    const back = await screen.findByRole('button', { name: 'Gem svar og gå tilbage' });
    expect(back).not.toHaveAttribute('aria-haspopup');
    await userEvent.click(back);
    await waitFor(() => expect(router.state.location.pathname).toBe('/copied'));
    expect(onLeave).not.toHaveBeenCalled();
    expect(bulkStore.getSnapshot().copied.map((entry) => entry.saved)).toEqual([false, true]);
  });

  it('on any other assessment it opens the save-or-close dialog as before', async () => {
    finishedCopy();
    const onLeave = vi.fn();
    const router = await renderForm('a-src', onLeave);
    const back = await screen.findByRole('button', { name: 'Gem svar og gå tilbage' });
    expect(back).toHaveAttribute('aria-haspopup', 'dialog');
    await userEvent.click(back);
    expect(onLeave).toHaveBeenCalledOnce();
    expect(router.state.location.pathname).toBe('/form');
  });
});
