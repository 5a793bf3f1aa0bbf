// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { staticContentQueryOptions } from '../../src/api/get-static-content';
import type { StaticContent } from '../../shared/contract/static-content';
import type { GuidanceTipId } from '../../src/domain/guidance';
import { GuidanceButton } from '../../src/features/guidance/components/guidance-button';
import { createGuidanceMemory } from '../../src/features/guidance/guidance-memory';
import { GUIDANCE_SETTINGS } from '../../server/src/content/content-defaults';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);

const KEY = 'bt:guidance:shown';
const shown = () => JSON.parse(localStorage.getItem(KEY) ?? '[]') as string[];

beforeEach(() => localStorage.clear());
afterEach(cleanup);

function renderButton(tip: GuidanceTipId, auto?: boolean) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  // The tips read only guidanceSettings of staticcontent.
  queryClient.setQueryData(staticContentQueryOptions().queryKey, {
    guidanceSettings: GUIDANCE_SETTINGS,
  } as StaticContent);
  return render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <GuidanceButton tip={tip} auto={auto} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('guidance tips', () => {
  it('the first list visit opens its tip by itself, steps through all four, and never opens by itself again', async () => {
    const user = userEvent.setup();
    const first = renderButton('firstListVisit', true);
    const dialog = await screen.findByRole('dialog', {
      name: GUIDANCE_SETTINGS.firstListVisitGuidance.title,
    });
    expect(dialog).toHaveTextContent('Tip 1 af 4');
    expect(dialog).toHaveTextContent(GUIDANCE_SETTINGS.firstListVisitGuidance.body);
    expect(shown()).toEqual(['firstListVisit']);
    expect(screen.getByRole('button', { name: /Forrige/ })).toHaveAttribute('aria-disabled', 'true');

    await user.click(screen.getByRole('button', { name: /Næste/ }));
    expect(
      await screen.findByRole('dialog', { name: GUIDANCE_SETTINGS.copyThenListGuidance.title }),
    ).toHaveTextContent('Tip 2 af 4');
    await user.click(screen.getByRole('button', { name: /Næste/ }));
    await user.click(screen.getByRole('button', { name: /Næste/ }));
    expect(
      await screen.findByRole('dialog', { name: GUIDANCE_SETTINGS.summaryPageGuidance.title }),
    ).toHaveTextContent('Tip 4 af 4');
    const next = screen.getByRole('button', { name: /Næste/ });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    // At the end the button keeps the keyboard's focus and does nothing.
    await user.click(next);
    expect(screen.getByRole('dialog')).toHaveTextContent('Tip 4 af 4');
    await user.click(screen.getByRole('button', { name: /Forrige/ }));
    expect(screen.getByRole('dialog')).toHaveTextContent('Tip 3 af 4');
    expect(shown()).toEqual(['firstListVisit', 'copyThenList', 'copyThenSelectThenList', 'summaryPage']);

    await user.click(screen.getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    // The next visit: nothing opens by itself, and nothing is new any more.
    renderButton('firstListVisit', true);
    const button = screen.getByRole('button', { name: 'Se tip' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(button);
    expect(
      await screen.findByRole('dialog', { name: GUIDANCE_SETTINGS.firstListVisitGuidance.title }),
    ).toHaveTextContent('Tip 1 af 4');
  });

  it('the button is highlighted until the page has no tip left unseen, and opens at the first unseen one', async () => {
    const user = userEvent.setup();
    localStorage.setItem(KEY, JSON.stringify(['firstListVisit']));
    renderButton('firstListVisit', true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const highlighted = screen.getByRole('button', { name: 'Se tip Nyt tip' });
    // WCAG 2.5.3 "Label in Name": the visible words, read as one string as checkers do,
    // are the accessible name.
    expect(highlighted.textContent?.replace(/\s+/g, ' ').trim()).toBe('Se tip Nyt tip');
    await user.click(highlighted);
    expect(
      await screen.findByRole('dialog', { name: GUIDANCE_SETTINGS.copyThenListGuidance.title }),
    ).toHaveTextContent('Tip 2 af 4');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Se tip' })).toBeInTheDocument();
  });

  it('a tip that opened by itself gives focus to its button when it closes, not to <body>', async () => {
    const user = userEvent.setup();
    renderButton('firstListVisit', true);
    expect(await screen.findByRole('dialog')).toBeVisible();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: /^Se tip/ })).toHaveFocus();
  });

  it('the selection tip opens only from its button; the summary page opens by itself once', async () => {
    const user = userEvent.setup();
    const selecting = renderButton('copyThenSelectThenList');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Se tip Nyt tip' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Tip 3 af 4');
    selecting.unmount();

    const summary = renderButton('summaryPage', true);
    expect(
      await screen.findByRole('dialog', { name: GUIDANCE_SETTINGS.summaryPageGuidance.title }),
    ).toBeVisible();
    summary.unmount();
    renderButton('summaryPage', true);
    expect(screen.getByRole('button', { name: 'Se tip' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('the memory of shown tips', () => {
  it('keeps a tip shown for the page where local storage refuses it', () => {
    const refusing = { raw: () => null, set: () => {} };
    const memory = createGuidanceMemory(refusing);
    expect(memory.getSnapshot()).toEqual([]);
    memory.markShown('summaryPage');
    expect(memory.getSnapshot()).toEqual(['summaryPage']);
  });

  it('tells its subscribers, and reads what another tab stored', () => {
    const memory = createGuidanceMemory({
      raw: (key) => localStorage.getItem(`bt:${key}`),
      set: (key, value) => localStorage.setItem(`bt:${key}`, JSON.stringify(value)),
    });
    let calls = 0;
    const unsubscribe = memory.subscribe(() => calls++);
    memory.markShown('copyThenList');
    memory.markShown('copyThenList');
    expect(calls).toBe(1);
    localStorage.setItem(KEY, JSON.stringify(['copyThenList', 'summaryPage']));
    window.dispatchEvent(new StorageEvent('storage', { key: KEY }));
    expect(calls).toBe(2);
    expect(memory.getSnapshot()).toEqual(['copyThenList', 'summaryPage']);
    unsubscribe();
  });
});
