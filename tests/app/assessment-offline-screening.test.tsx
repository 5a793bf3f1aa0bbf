// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { AssessmentListEntry } from '../../shared/contract/dto';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { locatedAssessmentsQueryOptions } from '../../src/api/get-located-assessments';
import { questionsQueryOptions } from '../../src/api/get-questions';
import type { Question } from '../../shared/rules/answer-validation';
import { appDatabase } from '../../src/offline/db';
import { enqueueAnswer } from '../../src/offline/outbox';
import {
  ASSESSMENT,
  PROPERTY,
  USER,
  details,
  network,
  queryClient,
  renderForm,
  saveStatusText,
  setUpFormTests,
} from './assessment-form-harness';

/**
 * The form offline (docs/architecture.md 2, "The form offline"): without a connection a screening
 * answer hides the questions the server would hide, progress moves, and the breaker after screening
 * gives the server's outcome. S02-c ("no lift, stairs only") excludes wheelchair users and people
 * with reduced mobility (shared/rules/screening-rules.ts).
 */

setUpFormTests();

const option = (answerId: string, label: string) => ({
  answerId,
  label,
  isSelected: false,
  exclusive: false,
});

function catalogueQuestions(): Question[] {
  const base = {
    type: 'single' as const,
    isOptional: false,
    isHidden: false,
    isPreselected: false,
    comment: null,
    chapter: { id: 'ANK', label: 'Ankomst og adgang' },
    chapterKind: 'evaluation' as const,
    numericQuestionValue: null,
    numericQuestionSettings: null,
    options: [option('ja', 'Ja'), option('nej', 'Nej')],
  };
  return [
    {
      ...base,
      id: '001',
      uniqueId: 'S02',
      title: 'Indgangens placering',
      question: 'Hvor ligger boligens indgang?',
      chapter: { id: 'screening', label: 'Screening' },
      chapterKind: 'screening',
      options: [
        option('S02-a', 'I stueplan'),
        option('S02-b', 'På en etage med elevator'),
        option('S02-c', 'På en etage uden elevator'),
      ],
      relevantTo: ['wheelchair', 'mobility'],
    },
    {
      ...base,
      id: '001',
      uniqueId: 'ANK-01',
      title: 'Rampe',
      question: 'Er der rampe?',
      relevantTo: ['wheelchair'],
    },
    {
      ...base,
      id: '002',
      uniqueId: 'ANK-02',
      title: 'Gelænder',
      question: 'Er der gelænder?',
      relevantTo: ['wheelchair', 'mobility'],
    },
    {
      ...base,
      id: '003',
      uniqueId: 'ANK-03',
      title: 'Kontrast',
      question: 'Er der kontrast?',
      relevantTo: ['vision'],
    },
  ];
}

const unanswered = () =>
  details({
    screeningCompleted: false,
    handicapsForEvaluation: ['wheelchair', 'mobility', 'vision', 'hearing', 'cognitive'],
  });
const progressText = () => screen.getByText(/% besvaret$/).textContent;
const positionText = () => screen.getByText(/ · Spørgsmål \d+ af \d+$/).textContent!.split(' · ')[1];
const cachedList = () => queryClient.getQueryData(questionsQueryOptions(ASSESSMENT).queryKey)!;
const cachedAssessment = () =>
  queryClient.getQueryData(assessmentQueryOptions(ASSESSMENT, PROPERTY).queryKey)!;

describe('the form offline computes what the server would', () => {
  it('hides the screened-out questions, moves progress and gives the screening outcome', async () => {
    network.down = true;
    const { user, router } = await renderForm({
      path: `/assessment/${PROPERTY}/${ASSESSMENT}/screening/001`,
      questions: catalogueQuestions(),
      assessment: unanswered(),
    });
    // The residence's card reads the assessment's progress from the located assessments.
    const located = locatedAssessmentsQueryOptions([{ propertyId: PROPERTY, assessmentId: ASSESSMENT }]);
    queryClient.setQueryData(located.queryKey, [
      { assessmentId: ASSESSMENT, progress: 0 } as AssessmentListEntry,
    ]);
    await user.click(await screen.findByRole('button', { name: 'Start screening' }));
    expect(positionText()).toBe('Spørgsmål 1 af 4');
    expect(progressText()).toBe('0 % besvaret');

    await user.click(screen.getByRole('radio', { name: 'På en etage uden elevator' }));

    // Two of the three evaluation questions are for the excluded groups only: gone, as online.
    await waitFor(() => expect(positionText()).toBe('Spørgsmål 1 af 2'));
    expect(progressText()).toBe('50 % besvaret');
    expect(cachedList().map((q) => [q.uniqueId, q.isHidden])).toEqual([
      ['S02', false],
      ['ANK-01', true],
      ['ANK-02', true],
      ['ANK-03', false],
    ]);
    expect(cachedAssessment()).toMatchObject({
      screeningCompleted: true,
      excludedHandicaps: ['wheelchair', 'mobility'],
      handicapsForEvaluation: ['vision', 'hearing', 'cognitive'],
      isCalculated: false,
      lastAnsweredQuestionUniqueId: 'S02',
    });
    expect(queryClient.getQueryData(located.queryKey)?.[0]?.progress).toBe(0.5);
    expect(network.received).toEqual([]);

    // The end of screening gives the outcome the server would: suitable for some groups.
    await user.click(screen.getByRole('button', { name: 'Næste' }));
    const dialog = await screen.findByRole('dialog');
    const notSuitable = within(dialog).getByText('Boligen er ikke egnet for:').nextElementSibling!;
    expect(
      within(notSuitable as HTMLElement)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Kørestolsbrugere', 'Gangbesværede']);
    await user.click(within(dialog).getByRole('button', { name: 'Fortsæt' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/003`),
    );
    expect(positionText()).toBe('Spørgsmål 2 af 2');

    // A list without the queued answer (a reply to another answer, a refetch) does not bring
    // the hidden questions back while the answer waits in the outbox.
    queryClient.setQueryData(questionsQueryOptions(ASSESSMENT).queryKey, catalogueQuestions());
    queryClient.setQueryData(assessmentQueryOptions(ASSESSMENT, PROPERTY).queryKey, unanswered());
    await waitFor(() => expect(cachedList()[1]!.isHidden).toBe(false));
    expect(positionText()).toBe('Spørgsmål 2 af 2');
    expect(progressText()).toBe('50 % besvaret');
    // …and the end of screening still gives the outcome of the answer on its way.
    await user.click(screen.getByRole('button', { name: 'Forrige' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/screening/001`),
    );
    await user.click(screen.getByRole('button', { name: 'Næste' }));
    expect(await screen.findByText('Boligen er ikke egnet for:')).toBeInTheDocument();
  });

  it('says Gemt when an answer found waiting after a reload reaches the server', async () => {
    network.down = true;
    // Typed offline before the reload: the form of this visit has only the outbox entry.
    await enqueueAnswer(appDatabase(), {
      assessmentId: ASSESSMENT,
      propertyId: PROPERTY,
      questionUniqueId: 'ANK-01',
      payload: { values: ['ja'] },
      ssoUuid: USER,
      locationText: 'Testvej 1, st.',
      questionTitle: '001. Niveaufri adgang',
      valueText: 'Ja',
    });
    await renderForm();
    // Waiting: saving while the app still counts as online, saved on the device once its failed
    // requests tell it that nothing gets through (src/api/connectivity.ts).
    await waitFor(() =>
      expect(['Gemmer …', 'Gemt på enheden – sendes, når du er online']).toContain(saveStatusText()),
    );

    network.down = false;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(saveStatusText()).toBe('Gemt'), { timeout: 5_000 });
    expect(network.received).toEqual([
      {
        questionUniqueId: 'ANK-01',
        assessmentId: ASSESSMENT,
        values: ['ja'],
        answeredAt: expect.any(String),
      },
    ]);
  });
});
