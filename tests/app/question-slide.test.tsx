// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ASSESSMENT, PROPERTY, renderForm, setUpFormTests } from './assessment-form-harness';

setUpFormTests();

/** The slide of the question on screen: the panel around its heading (question-panel.tsx). */
const slide = () =>
  screen.getByRole('heading', { level: 1 }).closest('[data-direction]')?.getAttribute('data-direction');

describe('the slide between questions (docs/product.md 2)', () => {
  it('does not slide in the question the form opens on, and slides every move after it', async () => {
    const { user, router } = await renderForm();
    expect(slide()).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Næste' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002`),
    );
    expect(slide()).toBe('forward');

    // Back on the question it opened on, that question slides like any other.
    await user.click(screen.getByRole('button', { name: 'Forrige' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/001`),
    );
    expect(slide()).toBe('back');
  });
});
