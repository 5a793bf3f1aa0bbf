// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { lazy } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OptionalPart } from '../../src/ui/optional-part';

afterEach(cleanup);

describe('OptionalPart', () => {
  it('shows the part once its chunk is in', async () => {
    const Part = lazy(async () => ({ default: () => <p>Dialogen</p> }));
    render(
      <main>
        <h1>Spørgsmålet</h1>
        <OptionalPart>
          <Part />
        </OptionalPart>
      </main>,
    );
    expect(await screen.findByText('Dialogen')).toBeInTheDocument();
  });

  it('leaves the screen standing when the chunk cannot be fetched', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const Part = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    render(
      <main>
        <h1>Spørgsmålet</h1>
        <OptionalPart>
          <Part />
        </OptionalPart>
      </main>,
    );
    await vi.waitFor(() => expect(warn).toHaveBeenCalled());
    expect(screen.getByRole('heading', { name: 'Spørgsmålet' })).toBeInTheDocument();
    warn.mockRestore();
    error.mockRestore();
  });
});
