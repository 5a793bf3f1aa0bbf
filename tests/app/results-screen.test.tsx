// @vitest-environment jsdom
import { QueryClient, useQuery } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { assessmentScoresQueryOptions } from '../../src/api/assessment-scores';
import { loadResults } from '../../src/features/results/load-results';
import type { AssessmentDetails, HandicapScore, JobState, PropertyDetail } from '../../shared/contract/dto';
import { userInfoQueryOptions } from '../../src/api/user-info';
import type { Question } from '../../shared/rules/answer-validation';
import { RouteError, RoutePending } from '../../src/app/route-states';
import { ResultsScreen } from '../../src/features/results/components/results-screen';
import { jobProgress } from '../../src/hub/job-progress';
import { fillJsdomGaps, renderRouter, json } from './test-render';

// No hub in jsdom: the job is followed by reading its state (as when the hub is unreachable).
vi.mock('../../src/hub/hub-connection', () => ({
  hubConnection: () => Promise.reject(new Error('no hub in tests')),
  stopHubConnection: () => Promise.resolve(),
}));

const PROPERTY = 'p1';
const ASSESSMENT = 'a1';

beforeAll(fillJsdomGaps);

const ANK = { id: 'ANK', label: 'Ankomst og adgang' };
const IND = { id: 'IND', label: 'Indgangsdør' };

function question(fields: Partial<Question> & Pick<Question, 'id' | 'uniqueId' | 'title'>): Question {
  return {
    question: `${fields.title}?`,
    type: 'single',
    isOptional: false,
    isHidden: false,
    isPreselected: false,
    comment: null,
    chapter: ANK,
    chapterKind: 'evaluation',
    numericQuestionValue: null,
    numericQuestionSettings: null,
    options: [
      { answerId: 'ja', label: 'Ja', isSelected: true, exclusive: false },
      { answerId: 'nej', label: 'Nej', isSelected: false, exclusive: false },
    ],
    relevantTo: ['wheelchair'],
    ...fields,
  };
}

const unanswered = [
  { answerId: 'ja', label: 'Ja', isSelected: false, exclusive: false },
  { answerId: 'nej', label: 'Nej', isSelected: false, exclusive: false },
];

const screening = question({
  id: '001',
  uniqueId: 'S01',
  title: 'Er der elevator',
  chapter: { id: 'screening', label: 'Screening' },
  chapterKind: 'screening',
});

/** Every required question answered; the last evaluation question (003) is hidden. */
const complete: Question[] = [
  screening,
  question({ id: '001', uniqueId: 'ANK-01', title: 'Er der niveaufri adgang' }),
  question({ id: '002', uniqueId: 'IND-01', title: 'Dørens fri bredde', chapter: IND }),
  question({
    id: '003',
    uniqueId: 'IND-02',
    title: 'Dørtrin',
    chapter: IND,
    isHidden: true,
    options: unanswered,
  }),
];

function details(fields: Partial<AssessmentDetails> = {}): AssessmentDetails {
  return {
    assessmentId: ASSESSMENT,
    propertyId: PROPERTY,
    assessmentStatus: 'draft',
    isCalculated: true,
    converted: false,
    screeningCompleted: true,
    excludedHandicaps: [],
    handicapsForEvaluation: ['wheelchair', 'vision'],
    validFrom: null,
    lastAnsweredQuestionUniqueId: 'IND-01',
    ...fields,
  };
}

const scores: HandicapScore[] = [
  { handicapTypeId: 'wheelchair', scoreText: 'Egnet (92 %)' },
  { handicapTypeId: 'vision', scoreText: 'Delvist egnet (63 %)' },
];

type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

let handlers: Record<string, Handler>;
const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), location.origin);
  const handler = handlers[url.pathname];
  if (!handler) throw new Error(`Unexpected call: ${url.pathname}`);
  return handler(url, init);
});

/** The calls made to one path, as [url, method]. */
function callsTo(pathname: string): { url: URL; method: string }[] {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), location.origin), method: init?.method ?? 'GET' }))
    .filter((c) => c.url.pathname === pathname);
}

beforeEach(() => {
  handlers = {
    '/api/v2/assessment/getassessmentscores': () => json(scores),
    '/api/v2/properties/getproperty': () => json({ id: PROPERTY, beliggenhed: 'Testvej 1, st.' }),
  };
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  jobProgress.dismiss();
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  document.cookie = 'flag-api_version=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

async function renderResults(
  options: {
    questions?: Question[];
    assessment?: AssessmentDetails | null;
    /** Sets up the cache further before the page renders. */
    before?: (queryClient: QueryClient) => void;
    sendWaitingAnswers?: () => Promise<boolean>;
  } = {},
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(userInfoQueryOptions().queryKey, {
    userName: 'Test',
    logoutUrl: null,
    role: 'write',
  });
  queryClient.setQueryData(['organizations'], [{ id: 'o1', name: 'Boligselskabet' }]);
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  // What the residence showed before: an assessment that is about to be deleted.
  queryClient.setQueryData(['property', PROPERTY], { id: PROPERTY, beliggenhed: 'Testvej 1 (før sletning)' });
  if (options.assessment !== null) {
    queryClient.setQueryData(
      assessmentQueryOptions(ASSESSMENT, PROPERTY).queryKey,
      options.assessment ?? details(),
    );
  }
  queryClient.setQueryData(questionsQueryOptions(ASSESSMENT).queryKey, options.questions ?? complete);
  options.before?.(queryClient);

  const rootRoute = createRootRoute({ component: Outlet });
  const resultsRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/results/$propertyId/$assessmentId',
    // The app's route's loader.
    loader: ({ params }) => loadResults(queryClient, params.propertyId, params.assessmentId),
    component: function Results() {
      // The app's registered route tree has other ids; this test tree is typed loosely.
      const params = resultsRoute.useParams() as { propertyId: string; assessmentId: string };
      return <ResultsScreen {...params} sendWaitingAnswers={options.sendWaitingAnswers} />;
    },
  });
  const residenceRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/residence/$propertyId',
    component: function Residence() {
      const { propertyId } = residenceRoute.useParams();
      // Stands in for the residence screen: it reads the property through the cache.
      const property = useQuery({
        queryKey: ['property', propertyId],
        queryFn: async () =>
          (await (
            await fetch(`/api/v2/properties/getproperty?propertyId=${propertyId}`)
          ).json()) as PropertyDetail,
      });
      return (
        <>
          <h1>Boligens side</h1>
          <p>{property.data?.beliggenhed}</p>
        </>
      );
    },
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([resultsRoute, residenceRoute]),
    history: createMemoryHistory({ initialEntries: [`/results/${PROPERTY}/${ASSESSMENT}`] }),
    // The app's router states (src/main.tsx): the screen itself has no spinner or error branch.
    defaultPendingComponent: RoutePending,
    defaultErrorComponent: RouteError,
  });
  await renderRouter(router, queryClient);
  return { queryClient, router };
}

async function openDeleteDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Slet vurderingen' }));
  const dialog = await screen.findByRole('dialog', { name: 'Slet vurderingen?' });
  return { user, dialog };
}

describe('results page (docs/product.md 2)', () => {
  it('shows the handicap scores as a table, with Approve later, Delete and Back', async () => {
    await renderResults();

    expect(await screen.findByRole('heading', { level: 1, name: 'Resultat' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Egnethed for brugergrupper' });
    const rows = within(table).getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([
      'KørestolsbrugereEgnet (92 %)',
      'SynshandicappedeDelvist egnet (63 %)',
    ]);
    expect(within(table).getByRole('rowheader', { name: 'Kørestolsbrugere' })).toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores')[0]!.url.searchParams.get('assessmentId')).toBe(
      ASSESSMENT,
    );

    expect(screen.getByRole('link', { name: 'Godkend senere' })).toHaveAttribute(
      'href',
      `/residence/${PROPERTY}`,
    );
    // Back goes to the last question the form shows (003 is hidden).
    expect(screen.getByRole('link', { name: 'Tilbage til vurderingen' })).toHaveAttribute(
      'href',
      `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002`,
    );
    expect(screen.getByRole('button', { name: 'Slet vurderingen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Godkend nu' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Godkend fra en senere dato' })).toHaveAttribute(
      'href',
      `/results/datepicker/${PROPERTY}/${ASSESSMENT}`,
    );
    expect(document.title).toBe('Resultat – Boligtilgængelighed');
  });

  it('shows with the scores its loader read, so that no table arrives above the buttons later', async () => {
    handlers['/api/v2/assessment/getassessmentscores'] = () =>
      new Promise((resolve) => setTimeout(() => resolve(json(scores)), 300));
    await renderResults();
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultat' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Egnethed for brugergrupper' })).toBeInTheDocument();
    expect(screen.queryByText('Beregner resultatet …')).not.toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores')).toHaveLength(1);
  });

  it('reads the scores afresh instead of showing ones cached before the latest answers', async () => {
    const { queryClient } = await renderResults({
      before: (client) =>
        client.setQueryData(assessmentScoresQueryOptions(ASSESSMENT).queryKey, [
          { handicapTypeId: 'wheelchair', scoreText: 'Ikke egnet (20 %)' },
        ]),
    });
    expect(await screen.findByRole('cell', { name: 'Egnet (92 %)' })).toBeInTheDocument();
    expect(screen.queryByText('Ikke egnet (20 %)')).not.toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores')).toHaveLength(1);
    expect(queryClient.getQueryData(assessmentScoresQueryOptions(ASSESSMENT).queryKey)).toEqual(scores);
  });

  it('Approve later goes back to the residence', async () => {
    const { router } = await renderResults();
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Godkend senere' }));
    expect(await screen.findByRole('heading', { name: 'Boligens side' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/residence/${PROPERTY}`);
  });

  it('offers neither Approve later nor Delete for an approved assessment', async () => {
    await renderResults({ assessment: details({ assessmentStatus: 'approved' }) });
    expect(await screen.findByRole('table', { name: 'Egnethed for brugergrupper' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Godkend senere' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slet vurderingen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Godkend nu' })).not.toBeInTheDocument();
  });
  it('shows the error page with Prøv igen when the assessment cannot be read, and Prøv igen reads it again', async () => {
    let fail = true;
    handlers['/api/v2/assessment/getassessment'] = () =>
      fail ? json({ message: 'Boom' }, 500) : json(details());
    await renderResults({ assessment: null });

    expect(await screen.findByRole('heading', { level: 1, name: 'Noget gik galt' })).toBeInTheDocument();
    expect(screen.getByText('Fejlbesked: Boom')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('table', { name: 'Egnethed for brugergrupper' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Resultat' })).toBeInTheDocument();
  });
});

describe('handicap scores that fail (docs/product.md 7 and 8)', () => {
  it('show assessmentResult.handicapScoresError at once on 401, which is not retried', async () => {
    handlers['/api/v2/assessment/getassessmentscores'] = () => json({ message: 'Unauthorized' }, 401);
    await renderResults();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Vi kunne ikke hente resultatet\. Prøv igen om lidt\.$/,
    );
    expect(callsTo('/api/v2/assessment/getassessmentscores')).toHaveLength(1);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('are retried 5 times at 1 s before the error shows, and Prøv igen fetches them again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    handlers['/api/v2/assessment/getassessmentscores'] = () => json({ message: 'Boom' }, 500);
    await renderResults();
    // The page shows once its loader has waited 2 s for the scores, which go on being retried.
    expect(await screen.findByText('Beregner resultatet …')).toBeInTheDocument();
    expect(screen.queryByText('Vi kunne ikke hente resultatet. Prøv igen om lidt.')).not.toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores').length).toBeLessThan(6);

    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByText('Vi kunne ikke hente resultatet. Prøv igen om lidt.')).toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores')).toHaveLength(6);

    handlers['/api/v2/assessment/getassessmentscores'] = () => json(scores);
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('table', { name: 'Egnethed for brugergrupper' })).toBeInTheDocument();
    expect(screen.queryByText('Vi kunne ikke hente resultatet. Prøv igen om lidt.')).not.toBeInTheDocument();
  });
});

describe('unanswered required questions (docs/product.md 2 and 5)', () => {
  const withMissing: Question[] = [
    { ...screening, options: unanswered },
    question({ id: '001', uniqueId: 'ANK-01', title: 'Er der niveaufri adgang', options: unanswered }),
    question({
      id: '002',
      uniqueId: 'ANK-02',
      title: 'Belysning ved indgangen',
      isOptional: true,
      options: unanswered,
    }),
    question({
      id: '003',
      uniqueId: 'IND-01',
      title: 'Dørens fri bredde',
      chapter: IND,
      type: 'numeric',
      options: [],
      numericQuestionValue: 5000,
      numericQuestionSettings: { measurementUnits: 'cm', rangeStart: 0, rangeEnd: 300, isDecimal: false },
    }),
    question({
      id: '004',
      uniqueId: 'IND-02',
      title: 'Dørtrin',
      chapter: IND,
      isHidden: true,
      options: unanswered,
    }),
  ];

  it('show an error page listing them per chapter, each linking to the question, instead of the scores', async () => {
    await renderResults({ questions: withMissing });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Vurderingen er ikke færdig' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Der mangler svar på spørgsmål, som skal besvares. Besvar dem, før du ser resultatet.',
      ),
    ).toBeInTheDocument();
    const chapters = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(chapters).toEqual(['Screening', 'Ankomst og adgang', 'Indgangsdør']);

    const link = (name: string) => screen.getByRole('link', { name }).getAttribute('href');
    expect(link('001. Er der elevator')).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/screening/001`);
    expect(link('001. Er der niveaufri adgang')).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/001`);
    // A value out of range does not count as an answer.
    expect(link('003. Dørens fri bredde')).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/003`);
    // Optional and hidden questions are not required.
    expect(screen.queryByRole('link', { name: '002. Belysning ved indgangen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '004. Dørtrin' })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Tilbage til vurderingen' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Slet vurderingen' })).not.toBeInTheDocument();
    expect(callsTo('/api/v2/assessment/getassessmentscores')).toHaveLength(0);
    expect(document.title).toBe('Vurderingen er ikke færdig – Boligtilgængelighed');
  });

  it('leave out screening for a converted residence', async () => {
    await renderResults({
      questions: [{ ...screening, options: unanswered }, ...complete.slice(1)],
      assessment: details({ converted: true }),
    });
    expect(await screen.findByRole('table', { name: 'Egnethed for brugergrupper' })).toBeInTheDocument();
    expect(screen.queryByText('Vurderingen er ikke færdig')).not.toBeInTheDocument();
  });
});

describe('deleting the assessment (docs/product.md 4 "Delete")', () => {
  it('asks for confirmation; Back closes the dialog without deleting', async () => {
    await renderResults();
    const { user, dialog } = await openDeleteDialog();
    expect(
      within(dialog).getByText('Vurderingen og alle dens svar bliver slettet. Det kan ikke fortrydes.'),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Tilbage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo('/api/v1/assessment/abandonassessment')).toHaveLength(0);
  });

  it('abandons by GET /api/v1 by default, clears every cache but the session and goes to the residence', async () => {
    handlers['/api/v1/assessment/abandonassessment'] = () => json({ assessmentId: ASSESSMENT });
    const { queryClient, router } = await renderResults();
    await screen.findByRole('table');
    const { user, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));

    expect(await screen.findByRole('heading', { name: 'Boligens side' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/residence/${PROPERTY}`);
    const [call] = callsTo('/api/v1/assessment/abandonassessment');
    expect(call!.method).toBe('GET');
    expect(Object.fromEntries(call!.url.searchParams)).toEqual({
      assessmentId: ASSESSMENT,
      propertyId: PROPERTY,
    });

    // docs/product.md 4 "Delete": the cached server data is cleared; the session's stays. The residence
    // screen mounts on the cleared cache and reads the property afresh.
    expect(await screen.findByText('Testvej 1, st.')).toBeInTheDocument();
    const keys = queryClient
      .getQueryCache()
      .getAll()
      .map((q) => q.queryKey[0]);
    expect(keys.sort()).toEqual(['organizations', 'property', 'staticcontent', 'userinfo']);
    expect(queryClient.getQueryData(['organizations'])).toEqual([{ id: 'o1', name: 'Boligselskabet' }]);
    // Nothing of the deleted assessment was fetched again on the way out.
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), location.origin).pathname)).toEqual([
      '/api/v2/assessment/getassessmentscores',
      '/api/v1/assessment/abandonassessment',
      '/api/v2/properties/getproperty',
    ]);
  });

  it('abandons by POST /api/v2 when flag-api_version is 2', async () => {
    document.cookie = 'flag-api_version=2; path=/';
    handlers['/api/v2/assessment/abandonassessment'] = () => json({ assessmentId: ASSESSMENT });
    await renderResults();
    const { user, dialog } = await openDeleteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Slet' }));

    expect(await screen.findByRole('heading', { name: 'Boligens side' })).toBeInTheDocument();
    const calls = callsTo('/api/v2/assessment/abandonassessment');
    expect(calls.map((c) => c.method)).toEqual(['POST']);
    expect(calls[0]!.url.searchParams.get('assessmentId')).toBe(ASSESSMENT);
  });

  it('shows the error and keeps Delete disabled after a failed delete, until the dialog is reopened', async () => {
    handlers['/api/v1/assessment/abandonassessment'] = () => json({ message: 'Boom' }, 500);
    const { router } = await renderResults();
    const { user, dialog } = await openDeleteDialog();
    const confirm = within(dialog).getByRole('button', { name: 'Slet' });
    await user.click(confirm);

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Vi kunne ikke slette vurderingen\. Prøv igen senere\.$/,
    );
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(callsTo('/api/v1/assessment/abandonassessment')).toHaveLength(1);
    expect(router.state.location.pathname).toBe(`/results/${PROPERTY}/${ASSESSMENT}`);

    await user.click(within(dialog).getByRole('button', { name: 'Tilbage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const reopened = (await openDeleteDialog()).dialog;
    expect(within(reopened).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(reopened).getByRole('button', { name: 'Slet' })).toBeEnabled();
  });
});

describe('approving from the results page (docs/product.md 2 "The results page")', () => {
  function approveHandlers(jobStates: Partial<JobState>[]) {
    const bodies: unknown[] = [];
    handlers['/api/v2/assessment/finishassessments'] = (_url, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return json({ jobId: 'job-1' });
    };
    let read = 0;
    handlers['/api/v2/jobs/job-1'] = () =>
      json({
        jobId: 'job-1',
        kind: 'finish',
        status: 'running',
        currentCount: 0,
        maxCount: 1,
        errorCount: 0,
        failedItems: [],
        copied: [],
        ...jobStates[Math.min(read++, jobStates.length - 1)],
      });
    return bodies;
  }

  it('Approve now starts a finish job, shows its progress and goes to the residence when it is done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const bodies = approveHandlers([{}, { status: 'succeeded', currentCount: 1 }]);
    const sendWaitingAnswers = vi.fn(async () => true);
    const { router } = await renderResults({ sendWaitingAnswers });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Godkend nu' }));

    const dialog = await screen.findByRole('dialog', { name: 'Godkender vurderinger' });
    expect(within(dialog).getByText('Godkender 0 af 1 vurdering')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Luk' })).not.toBeInTheDocument();
    expect(sendWaitingAnswers).toHaveBeenCalledTimes(1);
    expect(bodies).toEqual([
      {
        assessmentsToFinish: [
          { assessmentId: ASSESSMENT, propertyId: PROPERTY, validFrom: expect.any(String) },
        ],
        isFakeJob: false,
      },
    ]);
    expect(sessionStorage.getItem('bt:bulk:job')).toContain('job-1');

    await vi.advanceTimersByTimeAsync(5_000);
    expect(await screen.findByRole('heading', { name: 'Boligens side' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/residence/${PROPERTY}`);
    expect(sessionStorage.getItem('bt:bulk:job')).toBeNull();
  });

  it('a failed job shows assessmentResult.approveNow.error and can then be closed', async () => {
    approveHandlers([
      {
        status: 'failed',
        currentCount: 1,
        errorCount: 1,
        failedItems: [
          {
            propertyId: PROPERTY,
            assessmentId: ASSESSMENT,
            code: 'ASSESSMENT_APPROVED',
            message: 'Vurderingen er låst',
          },
        ],
      },
    ]);
    await renderResults();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Godkend nu' }));
    const dialog = await screen.findByRole('dialog', { name: 'Godkender vurderinger' });
    expect(
      await within(dialog).findByText('Vi kunne ikke godkende vurderingen. Prøv igen.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Vurderingen er låst')).toBeInTheDocument();
    await user.click(within(dialog).getAllByRole('button', { name: 'Luk' }).at(-1)!);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('waits for the answers still on the device: while they are there nothing is approved', async () => {
    const bodies = approveHandlers([{}]);
    await renderResults({ sendWaitingAnswers: async () => false });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Godkend nu' }));
    expect(
      await screen.findByText(
        'Nogle af vurderingens svar er endnu ikke sendt til serveren. Godkend, når de er sendt.',
      ),
    ).toBeInTheDocument();
    expect(bodies).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('offline both approve buttons are disabled with the reason', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await renderResults();
      const now = await screen.findByRole('button', { name: 'Godkend nu' });
      expect(now).toBeDisabled();
      expect(screen.getByRole('button', { name: 'Godkend fra en senere dato' })).toBeDisabled();
      expect(
        screen.getByText(
          'Godkendelse kræver netforbindelse. Dine svar er gemt på enheden; godkend, når du er online.',
        ),
      ).toBeInTheDocument();
    } finally {
      vi.restoreAllMocks();
    }
  });
});
