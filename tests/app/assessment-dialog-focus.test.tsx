// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { ASSESSMENT, PROPERTY, renderForm, setUpFormTests } from './assessment-form-harness';

setUpFormTests();

// The comment's Textarea (Mantine's autosize) watches its size and the fonts, which jsdom lacks.
beforeAll(() => {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      configurable: true,
      value: { addEventListener: () => {}, removeEventListener: () => {} },
    });
  }
});

/** The form's closed dialogs mount once its first frame is on screen (useAfterFirstPaint). */
const afterFirstPaint = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 50)));

describe("focus when the form's dialogs close (never left on <body>)", () => {
  it('gives it to the question when the screening intro closes: the intro has no opener', async () => {
    const { user } = await renderForm({ path: `/assessment/${PROPERTY}/${ASSESSMENT}/screening/001` });
    const start = await screen.findByRole('button', { name: 'Start screening' });
    start.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('heading', { level: 1, name: 'Er der elevator?' })).toHaveFocus();
  });

  it('gives it back to the comment button after Escape and after Tilbage', async () => {
    const { user } = await renderForm();
    // Held before typing: the comment saves after 1 s of quiet, and on a busy machine the typing
    // alone takes that long, so the button may already say "Redigér kommentar" behind the dialog.
    const button = screen.getByRole('button', { name: 'Tilføj kommentar' });
    await user.click(button);
    await user.type(await screen.findByLabelText('Kommentar til spørgsmålet'), 'Målt');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
    // Closing saved the comment: the same button now edits it.
    expect(await screen.findByRole('button', { name: 'Redigér kommentar' })).toBe(button);

    await user.keyboard('{Enter}');
    expect(await screen.findByLabelText('Kommentar til spørgsmålet')).toHaveValue('Målt');
    const back = screen.getAllByRole('button', { name: 'Tilbage' });
    await user.click(back[back.length - 1]!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(button).toHaveFocus();
  });

  it('gives it back to Næste when a breaker Næste opened closes', async () => {
    const { user } = await renderForm({ path: `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002` });
    await afterFirstPaint();
    const next = screen.getByRole('button', { name: 'Se resultatet' });
    next.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(next).toHaveFocus());
  });
});
