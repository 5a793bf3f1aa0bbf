// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Question } from '../../shared/rules/answer-validation';
import { SCREENING_NOT_COMPLETE } from '../../shared/rules/screening-first';
import { da } from '../../shared/texts/da';
import { appDatabase } from '../../src/offline/db';
import { enqueueAnswer } from '../../src/offline/outbox';
import {
  ASSESSMENT,
  PROPERTY,
  USER,
  details,
  network,
  renderForm,
  saveStatusText,
  serverQuestions,
  setUpFormTests,
} from './assessment-form-harness';
import { json } from './test-render';

/**
 * Screening first (docs/product.md 4 "Screening and answering"): an evaluation question opened
 * before the screening is complete, from the table of contents or a typed address, takes no answer;
 * it says why and leads to the screening. The table of contents marks the evaluation chapters as
 * not open yet. The screening is the one the device knows: an answer still in the outbox completes
 * it offline too.
 */

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

const form = (path: string) => `/assessment/${PROPERTY}/${ASSESSMENT}/${path}`;

/**
 * The harness's list with its one screening question (S-01, required) unanswered; the evaluation
 * questions concern wheelchair users, so that a screening answer (which excludes nobody) leaves
 * them visible.
 */
const unscreened = (): Question[] =>
  serverQuestions().map((q) =>
    q.chapterKind === 'screening'
      ? { ...q, options: q.options.map((o) => ({ ...o, isSelected: false })) }
      : { ...q, relevantTo: ['wheelchair'] },
  );
const notComplete = () => details({ screeningCompleted: false });

const radios = () => screen.getAllByRole('radio');
const notice = () => screen.queryByText(da['assessment.screeningFirst.reason']);

async function openToc(user: Awaited<ReturnType<typeof renderForm>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Indholdsfortegnelse' }));
  return screen.findByRole('dialog', { name: 'Indhold' });
}

describe('an evaluation question before the screening is complete', () => {
  it('takes no answer, says why and links to the first unanswered screening question', async () => {
    const { user, router } = await renderForm({ questions: unscreened(), assessment: notComplete() });

    expect(screen.getByText('Screeningen er ikke færdig')).toBeInTheDocument();
    expect(notice()).toBeInTheDocument();
    expect(radios().map((r) => r.getAttribute('aria-disabled'))).toEqual(['true', 'true']);
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    expect(screen.getByRole('radio', { name: 'Ja' })).not.toBeChecked();
    // A comment is part of the answer: the dialog only shows it.
    await user.click(screen.getByRole('button', { name: 'Tilføj kommentar' }));
    expect(await screen.findByLabelText('Kommentar til spørgsmålet')).toHaveProperty('readOnly', true);
    expect(screen.queryByRole('button', { name: 'Gem kommentar' })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByLabelText('Kommentar til spørgsmålet')).not.toBeInTheDocument());
    expect(await appDatabase().outbox.count()).toBe(0);
    expect(network.received).toEqual([]);

    const link = screen.getByRole('link', { name: 'Gå til screeningen: 001. Elevator' });
    expect(link).toHaveAttribute('href', form('screening/001'));
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(form('screening/001')));
    // The screening question takes answers.
    expect(notice()).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ja' })).not.toHaveAttribute('aria-disabled');
  });

  it('marks the evaluation chapters in the table of contents as not open yet, with the reason', async () => {
    const { user } = await renderForm({ questions: unscreened(), assessment: notComplete() });
    const toc = await openToc(user);
    const evaluation = within(toc).getByRole('button', { name: /^Ankomst og adgang/ });
    expect(evaluation).toHaveTextContent('Ikke åben endnu');
    // The current question's chapter is open: the reason, and its questions without links.
    expect(within(toc).getByText('Kapitlet åbner, når screeningen er færdig.')).toBeInTheDocument();
    expect(within(toc).getByText('002. Belysning')).toBeInTheDocument();
    expect(within(toc).queryByRole('link', { name: '002. Belysning' })).not.toBeInTheDocument();
    // The screening chapter is open as ever.
    const screening = within(toc).getByRole('button', { name: /^Screening/ });
    expect(screening).not.toHaveTextContent('Ikke åben endnu');
    await user.click(screening);
    expect(await within(toc).findByRole('link', { name: '001. Elevator' })).toHaveAttribute(
      'href',
      form('screening/001'),
    );
  });

  it('opens once the screening is complete on this device, offline too', async () => {
    network.down = true;
    const { user, router } = await renderForm({
      path: form('screening/001'),
      questions: unscreened(),
      assessment: notComplete(),
    });
    await user.click(await screen.findByRole('button', { name: 'Start screening' }));
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    // Waiting in the outbox: saving while the app still counts as online, saved on the device
    // once its failed requests tell it that nothing gets through (src/api/connectivity.ts).
    await waitFor(() =>
      expect(['Gemmer …', 'Gemt på enheden – sendes, når du er online']).toContain(saveStatusText()),
    );
    // The end of screening: its outcome, then on to the evaluation.
    await user.click(screen.getByRole('button', { name: 'Næste' }));
    await user.click(await screen.findByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(form('evaluation/001')));
    expect(notice()).not.toBeInTheDocument();
    expect(radios().map((r) => r.getAttribute('aria-disabled'))).toEqual([null, null]);
    const toc = await openToc(user);
    expect(within(toc).queryByText('Ikke åben endnu')).not.toBeInTheDocument();
    expect(within(toc).getByRole('link', { name: '002. Belysning' })).toBeInTheDocument();
    expect(network.received).toEqual([]);
  });

  it('counts a screening answer still in the outbox after a reload', async () => {
    network.down = true;
    await enqueueAnswer(appDatabase(), {
      assessmentId: ASSESSMENT,
      propertyId: PROPERTY,
      questionUniqueId: 'S-01',
      payload: { values: ['nej'] },
      ssoUuid: USER,
      locationText: 'Testvej 1, st.',
      questionTitle: '001. Elevator',
      valueText: 'Nej',
    });
    await renderForm({ questions: unscreened(), assessment: notComplete() });
    await waitFor(() => expect(notice()).not.toBeInTheDocument());
    expect(radios().map((r) => r.getAttribute('aria-disabled'))).toEqual([null, null]);
  });

  it('never holds back a converted assessment: it skips screening', async () => {
    await renderForm({
      questions: unscreened(),
      assessment: details({ converted: true, screeningCompleted: true }),
    });
    expect(notice()).not.toBeInTheDocument();
    expect(radios().map((r) => r.getAttribute('aria-disabled'))).toEqual([null, null]);
  });
});

describe('an evaluation answer the server refuses for the screening (409 SCREENING_NOT_COMPLETE)', () => {
  it('stays visible as not saved, with the reason in Danish', async () => {
    network.handlers['/api/v2/sync/syncanswer'] = () =>
      json({ code: SCREENING_NOT_COMPLETE, message: 'The screening is not complete' }, 409);
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await waitFor(() => expect(saveStatusText()).toBe(`Ikke gemt: ${da['assessment.screeningNotComplete']}`));
    const [entry] = await appDatabase().outbox.toArray();
    expect(entry).toMatchObject({
      state: 'parked',
      parkedCode: SCREENING_NOT_COMPLETE,
      parkedMessage: da['assessment.screeningNotComplete'],
    });
  });
});
