import 'fake-indexeddb/auto';
import { QueryClient } from '@tanstack/react-query';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
} from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, vi } from 'vitest';
import type { AssessmentDetails, PropertyDetail } from '../../shared/contract/dto';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { staticContentQueryOptions } from '../../src/api/get-static-content';
import { tokenStore } from '../../src/api/token-store';
import type { Question } from '../../shared/rules/answer-validation';
import { AssessmentScreen } from '../../src/features/assessment/components/assessment-screen';
import { useOutbox } from '../../src/features/outbox/hooks/use-outbox';
import { appDatabase } from '../../src/offline/db';
import { fillJsdomGaps, json, renderRouter, unsignedToken } from './test-render';

/**
 * The question form as the app's form route composes it (the outbox feature's useOutbox on
 * IndexedDB through fake-indexeddb, with its real sender), in a memory router. Only the network
 * is stood in for: `handlers` answer fetch by path; syncanswer answers by default with the
 * server's list with the answer applied and records what it received.
 */

export const PROPERTY = 'p-1';
export const ASSESSMENT = 'a-1';
export const USER = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';

const ANK = { id: 'ANK', label: 'Ankomst og adgang' };
const options = () => [
  { answerId: 'ja', label: 'Ja', isSelected: false, exclusive: false },
  { answerId: 'nej', label: 'Nej', isSelected: false, exclusive: false },
];

/**
 * A screening question, answered (the screening is complete, as `details` says: evaluation
 * questions take answers, shared/rules/screening-first.ts), and two unanswered single-choice
 * evaluation questions (001 and 002).
 */
export function serverQuestions(): Question[] {
  const base = {
    type: 'single' as const,
    isOptional: false,
    isHidden: false,
    isPreselected: false,
    comment: null,
    chapter: ANK,
    chapterKind: 'evaluation' as const,
    numericQuestionValue: null,
    numericQuestionSettings: null,
    relevantTo: [],
  };
  return [
    {
      ...base,
      id: '001',
      uniqueId: 'S-01',
      title: 'Elevator',
      question: 'Er der elevator?',
      chapter: { id: 'screening', label: 'Screening' },
      chapterKind: 'screening',
      options: options().map((o) => ({ ...o, isSelected: o.answerId === 'ja' })),
    },
    {
      ...base,
      id: '001',
      uniqueId: 'ANK-01',
      title: 'Niveaufri adgang',
      question: 'Er der niveaufri adgang?',
      options: options(),
    },
    {
      ...base,
      id: '002',
      uniqueId: 'ANK-02',
      title: 'Belysning',
      question: 'Er der lys?',
      options: options(),
    },
  ];
}

export function details(fields: Partial<AssessmentDetails> = {}): AssessmentDetails {
  return {
    assessmentId: ASSESSMENT,
    propertyId: PROPERTY,
    assessmentStatus: 'draft',
    isCalculated: false,
    converted: false,
    screeningCompleted: true,
    excludedHandicaps: [],
    handicapsForEvaluation: [],
    validFrom: null,
    lastAnsweredQuestionUniqueId: null,
    ...fields,
  };
}

export function property(fields: Partial<PropertyDetail> = {}): PropertyDetail {
  return {
    id: PROPERTY,
    beliggenhed: 'Testvej 1, st.',
    departmentId: 'd-1',
    departmentName: 'Afdeling 1',
    isConverted: false,
    vurderinger: [
      { vurderingId: ASSESSMENT, boligId: PROPERTY, vurderingsStatus: 'draft', konverteret: false },
    ],
    ...fields,
  };
}

/** An unsigned token: the app only reads exp and sso_uuid from it. */
type Handler = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export const network = {
  /** What the server received through syncanswer. */
  received: [] as Record<string, unknown>[],
  /** No connection: every call fails as fetch does offline. */
  down: false,
  handlers: {} as Record<string, Handler>,
  /** The calls made to one path. */
  callsTo(pathname: string) {
    return fetchMock.mock.calls
      .map(([input, init]) => ({ url: new URL(String(input), location.origin), init }))
      .filter((c) => c.url.pathname === pathname);
  },
};

const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input), location.origin);
  if (network.down) throw new TypeError('Failed to fetch');
  const handler = network.handlers[url.pathname];
  if (handler) return handler(url, init);
  if (url.pathname === '/api/v2/sync/syncanswer') {
    const body = JSON.parse(String(init?.body)) as { questionUniqueId: string; values?: string[] };
    network.received.push(body);
    return json(
      serverQuestions().map((q) =>
        q.uniqueId === body.questionUniqueId
          ? {
              ...q,
              options: q.options.map((o) => ({ ...o, isSelected: !!body.values?.includes(o.answerId) })),
            }
          : q,
      ),
    );
  }
  throw new Error(`Unexpected call: ${url.pathname}`);
});

// One client per test file: the app's outbox sender is one per app and keeps the first it gets.
export const queryClient = new QueryClient({
  defaultOptions: { queries: { staleTime: Infinity, retry: false }, mutations: { retry: false } },
});

/** Registers the set-up every form test needs: jsdom gaps, a token, an empty outbox and cache. */
export function setUpFormTests(): void {
  beforeAll(async () => {
    fillJsdomGaps();
    // The form fetches its dialogs' chunks once the question is on screen; here that is a module
    // transform, which on a loaded machine outlasts a query's wait. Loaded once up front, the
    // tests time the form, not the transform.
    await Promise.all([
      import('../../src/features/assessment/components/question-toc'),
      import('../../src/features/assessment/components/side-dialogs'),
      import('../../src/features/assessment/components/save-or-close-dialog'),
    ]);
    // Once: a new token would wake the sender, which would send what a test left queued.
    tokenStore.set(unsignedToken(USER));
  });

  beforeEach(async () => {
    await appDatabase().outbox.clear();
    network.received = [];
    network.down = false;
    network.handlers = {};
    fetchMock.mockClear();
    vi.stubGlobal('fetch', fetchMock);
    queryClient.clear();
  });

  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });
}

/** Renders the form at `path` (default: evaluation 001 of a draft) with the data the loader ensures. */
export async function renderForm(
  options: {
    path?: string;
    assessment?: AssessmentDetails;
    questions?: Question[];
    property?: PropertyDetail;
    canWrite?: boolean;
    deleteDialog?: (props: { opened: boolean; onClose: () => void }) => ReactNode;
  } = {},
) {
  queryClient.setQueryData(staticContentQueryOptions().queryKey, {
    translationSettings: { translations: {} },
    helpScreenSettings: { helpScreenEntryGenericTemplate: '', helpScreenPerQuestion: {} },
    relevanceSettings: {},
    chaptersSettings: {},
    breakerAndResultScreenSettings: {},
  } as never);
  queryClient.setQueryData(
    assessmentQueryOptions(ASSESSMENT, PROPERTY).queryKey,
    options.assessment ?? details(),
  );
  queryClient.setQueryData(
    questionsQueryOptions(ASSESSMENT).queryKey,
    options.questions ?? serverQuestions(),
  );
  queryClient.setQueryData(propertyQueryOptions(PROPERTY).queryKey, options.property ?? property());

  const rootRoute = createRootRoute({ component: Outlet });
  const formRoute = createRoute({
    getParentRoute: () => rootRoute,
    path: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
    // As the app's form route: the form opens once its assessment and questions are there.
    loader: ({ params }) =>
      Promise.all([
        queryClient.ensureQueryData(assessmentQueryOptions(params.assessmentId, params.propertyId)),
        queryClient.ensureQueryData(questionsQueryOptions(params.assessmentId)),
      ]),
    component: function Form() {
      // The app's registered route tree has other ids; this test tree is typed loosely.
      const params = formRoute.useParams() as {
        propertyId: string;
        assessmentId: string;
        chapter: string;
        questionId: string;
      };
      const { store, ssoUuid, snapshot, storage, send } = useOutbox();
      return (
        <AssessmentScreen
          key={params.assessmentId}
          {...params}
          canWrite={options.canWrite ?? true}
          outbox={{ store, ssoUuid, snapshot, storage, send }}
          deleteDialog={options.deleteDialog ?? (() => null)}
        />
      );
    },
  });
  const stubs = ['/residence/$propertyId', '/results/$propertyId/$assessmentId'].map((path) =>
    createRoute({ getParentRoute: () => rootRoute, path, component: () => <h1>{path}</h1> }),
  );
  const router = createRouter({
    routeTree: rootRoute.addChildren([formRoute, ...stubs]),
    history: createMemoryHistory({
      initialEntries: [options.path ?? `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/001`],
    }),
  });
  await renderRouter(router, queryClient);
  return { user: userEvent.setup(), router };
}

/** The save status line under the question. */
export const saveStatusText = () =>
  screen.getByText((_, el) => el?.getAttribute('role') === 'status' && el.tagName === 'P').textContent;
