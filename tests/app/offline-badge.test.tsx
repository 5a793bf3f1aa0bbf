// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OfflineBadge } from '../../src/app/layout/offline-badge';
import { fillJsdomGaps } from './test-render';

beforeAll(fillJsdomGaps);
afterEach(cleanup);

const DESCRIPTION = 'Du er offline. Dine svar gemmes på enheden og sendes, når du er online igen.';

function renderBadge() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <OfflineBadge />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('the offline badge', () => {
  it('names the offline state for assistive technology without opening anything', () => {
    renderBadge();
    expect(screen.getByRole('status', { name: DESCRIPTION })).toHaveTextContent('Offline');
    expect(screen.queryByText(DESCRIPTION)).not.toBeInTheDocument();
  });

  it('shows its description on hover and hides it when the pointer leaves', async () => {
    const user = userEvent.setup();
    renderBadge();
    await user.hover(screen.getByRole('status'));
    expect(screen.getByText(DESCRIPTION)).toBeVisible();
    await user.unhover(screen.getByRole('status'));
    expect(screen.queryByText(DESCRIPTION)).not.toBeInTheDocument();
  });

  it('shows its description on keyboard focus (and a tap) until Escape or leaving', async () => {
    const user = userEvent.setup();
    renderBadge();
    await user.tab();
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByText(DESCRIPTION)).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByText(DESCRIPTION)).not.toBeInTheDocument();
    await user.click(document.body);
    await user.click(screen.getByRole('status'));
    expect(screen.getByText(DESCRIPTION)).toBeVisible();
    await user.tab();
    expect(screen.queryByText(DESCRIPTION)).not.toBeInTheDocument();
  });
});
