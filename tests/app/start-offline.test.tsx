// @vitest-environment jsdom
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
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentDetails, AssessmentListEntry, PropertyDetail } from '../../shared/contract/dto';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { locatedAssessmentsQueryOptions } from '../../src/api/get-located-assessments';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import type { Question } from '../../shared/rules/answer-validation';
import { isKeptOffline, offlineRegistry, updateOfflineRegistry } from '../../src/offline/client-state';
import { appDatabase } from '../../src/offline/db';
import { listAllEntries } from '../../src/offline/outbox';
import { ResidenceScreen } from '../../src/features/residence/components/residence-screen';
import { json, fillJsdomGaps, renderRouter } from './test-render';

/**
 * "Start screening" on a residence without assessments works offline (docs/architecture.md 4
 * "Offline start"): the create is queued in the outbox and the form opens at screening 001 on what
 * the cache was seeded with.
 */

const USER = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const PROPERTY = 'b7a6c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c0d';

const property: PropertyDetail = {
  id: PROPERTY,
  beliggenhed: 'Testvej 1, st. 1, 8000 Aarhus C',
  departmentId: 'd1',
  departmentName: 'Afdeling 1',
  isConverted: false,
  vurderinger: [],
};

function question(uniqueId: string, fields: Partial<Question> = {}): Question {
  const screening = uniqueId.startsWith('S');
  return {
    id: uniqueId.slice(-3).padStart(3, '0'),
    uniqueId,
    title: `Titel ${uniqueId}`,
    question: `Spørgsmål ${uniqueId}?`,
    type: 'single',
    isOptional: false,
    isHidden: false,
    isPreselected: false,
    comment: null,
    chapter: screening ? { id: 'screening', label: 'Screening' } : { id: 'ANK', label: 'Ankomst' },
    chapterKind: screening ? 'screening' : 'evaluation',
    numericQuestionValue: null,
    numericQuestionSettings: null,
    options: [
      { answerId: 'ja', label: 'Ja', isSelected: false, exclusive: false },
      { answerId: 'nej', label: 'Nej', isSelected: false, exclusive: false },
    ],
    relevantTo: ['wheelchair'],
    ...fields,
  };
}

/** Another assessment's list on the device: answered, with a hidden question and a comment. */
const otherList: Question[] = [
  question('S001', { options: [{ answerId: 'ja', label: 'Ja', isSelected: true, exclusive: false }] }),
  question('ANK-001', { isHidden: true, comment: 'smal dør', isPreselected: true }),
];

beforeAll(fillJsdomGaps);

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  fetch = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
  vi.stubGlobal('fetch', fetch);
});

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  await appDatabase().outbox.clear();
});

async function renderResidence(seed: (queryClient: QueryClient) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  queryClient.setQueryData(propertyQueryOptions(PROPERTY).queryKey, property);
  seed(queryClient);
  const rootRoute = createRootRoute({ component: Outlet });
  const signedIn = createRoute({
    getParentRoute: () => rootRoute,
    id: '_signedIn',
    beforeLoad: () => ({ session: { ssoUuid: USER, canWrite: true } }),
    component: Outlet,
  });
  const routes = [
    createRoute({
      getParentRoute: () => signedIn,
      path: '/residence/$propertyId',
      component: () => <ResidenceScreen propertyId={PROPERTY} />,
    }),
    createRoute({
      getParentRoute: () => signedIn,
      path: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
      component: () => <h1>Formularen</h1>,
    }),
  ];
  const router = createRouter({
    routeTree: rootRoute.addChildren([signedIn.addChildren(routes)]),
    history: createMemoryHistory({ initialEntries: [`/residence/${PROPERTY}`] }),
  });
  await renderRouter(router, queryClient);
  return { router, queryClient };
}

describe('start screening without a connection', () => {
  it('queues the create and opens the form at screening 001 on a seeded cache', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router, queryClient } = await renderResidence((client) =>
      client.setQueryData(questionsQueryOptions('other').queryKey, otherList),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    await screen.findByRole('heading', { name: 'Formularen' });

    // No request was even tried: the browser said it is offline.
    expect(fetch).not.toHaveBeenCalled();
    const [entry, ...rest] = await listAllEntries(appDatabase());
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ kind: 'create', propertyId: PROPERTY, ssoUuid: USER, state: 'pending' });
    const id = entry!.assessmentId;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${id}/screening/001`);

    const details = queryClient.getQueryData<AssessmentDetails>(
      assessmentQueryOptions(id, PROPERTY).queryKey,
    );
    expect(details).toMatchObject({
      assessmentId: id,
      assessmentStatus: 'draft',
      converted: false,
      screeningCompleted: false,
      excludedHandicaps: [],
      lastAnsweredQuestionUniqueId: null,
    });
    const questions = queryClient.getQueryData<Question[]>(questionsQueryOptions(id).queryKey)!;
    expect(questions.map((q) => [q.uniqueId, q.isHidden, q.comment, q.isPreselected])).toEqual([
      ['S001', false, null, false],
      ['ANK-001', false, null, false],
    ]);
    expect(questions.flatMap((q) => q.options).some((o) => o.isSelected)).toBe(false);
    // Only this device has them: not collected after 15 minutes unused.
    expect(queryClient.getQueryCache().find({ queryKey: questionsQueryOptions(id).queryKey })?.gcTime).toBe(
      Infinity,
    );
    const seeded = queryClient.getQueryData<PropertyDetail>(propertyQueryOptions(PROPERTY).queryKey)!;
    expect(seeded.vurderinger.map((v) => [v.vurderingId, v.vurderingsStatus])).toEqual([[id, 'draft']]);
    const cards = queryClient.getQueryData<AssessmentListEntry[]>(
      locatedAssessmentsQueryOptions([{ propertyId: PROPERTY, assessmentId: id }]).queryKey,
    )!;
    expect(cards.map((c) => [c.assessmentId, c.assessmentStatus, c.progress])).toEqual([[id, 'draft', 0]]);
  });

  it('keeps the new assessment with a residence taken along, so a reload days later restores its form', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    updateOfflineRegistry((current) => ({
      ...current,
      residences: {
        [PROPERTY]: {
          id: PROPERTY,
          location: property.beliggenhed,
          assessmentIds: [],
          fetchedAt: new Date().toISOString(),
          bytes: 100,
          sources: ['self'],
        },
      },
    }));
    try {
      await renderResidence((client) =>
        client.setQueryData(questionsQueryOptions('other').queryKey, otherList),
      );
      await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
      await screen.findByRole('heading', { name: 'Formularen' });
      const [entry] = await listAllEntries(appDatabase());
      const id = entry!.assessmentId;
      expect(offlineRegistry().residences[PROPERTY]!.assessmentIds).toEqual([id]);
      expect(isKeptOffline(questionsQueryOptions(id).queryKey)).toBe(true);
      expect(isKeptOffline(assessmentQueryOptions(id, PROPERTY).queryKey)).toBe(true);
    } finally {
      updateOfflineRegistry((current) => ({ ...current, residences: {}, departments: {} }));
    }
  });

  it('falls back to the queue with the same id when the online create fails for want of a network', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    await renderResidence((client) =>
      client.setQueryData(questionsQueryOptions('other').queryKey, otherList),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    await screen.findByRole('heading', { name: 'Formularen' });
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://x');
    expect(url.pathname).toMatch(/\/assessment\/createnewassessment$/);
    const [entry] = await listAllEntries(appDatabase());
    // The create that may have reached the server is queued with its id: never a second assessment.
    expect(entry).toMatchObject({ kind: 'create', assessmentId: url.searchParams.get('assessmentId') });
  });

  it('online, creates on the server with a client-chosen id and queues nothing', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    fetch.mockImplementation(async (input: string) =>
      json(new URL(input, 'http://x').searchParams.get('assessmentId')),
    );
    const { router } = await renderResidence(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    await screen.findByRole('heading', { name: 'Formularen' });
    const id = new URL(String(fetch.mock.calls[0]![0]), 'http://x').searchParams.get('assessmentId');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${id}/screening/001`);
    expect(await listAllEntries(appDatabase())).toEqual([]);
  });

  it('says so in Danish and starts nothing when no question list is on the device', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router } = await renderResidence(() => undefined);
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Spørgsmålene er ikke på enheden');
    expect(router.state.location.pathname).toBe(`/residence/${PROPERTY}`);
    expect(await listAllEntries(appDatabase())).toEqual([]);
  });

  it('opens the assessment still queued for the residence instead of starting a second one', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { router, queryClient } = await renderResidence((client) =>
      client.setQueryData(questionsQueryOptions('other').queryKey, otherList),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    await screen.findByRole('heading', { name: 'Formularen' });
    const first = router.state.location.pathname;
    // As if the residence had been read again from the server before the create was sent.
    queryClient.setQueryData(propertyQueryOptions(PROPERTY).queryKey, property);
    await router.navigate({ to: '/residence/$propertyId', params: { propertyId: PROPERTY } } as never);
    await userEvent.click(await screen.findByRole('button', { name: 'Start screening' }));
    await screen.findByRole('heading', { name: 'Formularen' });
    expect(router.state.location.pathname).toBe(first);
    expect((await listAllEntries(appDatabase())).length).toBe(1);
  });
});

describe('overwrite and unlock stay online-only', () => {
  it('offline, the new-assessment button and unlock are disabled with the reason', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const approvedId = '30000000-0000-4000-8000-000000000001';
    const card: AssessmentListEntry = {
      assessmentId: approvedId,
      propertyId: PROPERTY,
      departmentId: 'd1',
      assessmentStatus: 'approved',
      isCalculated: true,
      converted: false,
      location: property.beliggenhed,
      validFrom: '2026-01-01T00:00:00',
      futureApprovedDate: '0001-01-01T00:00:00',
      createdAt: '2026-01-01T00:00:00.000Z',
      progress: 1,
    };
    await renderResidence((client) => {
      client.setQueryData(propertyQueryOptions(PROPERTY).queryKey, {
        ...property,
        vurderinger: [
          { vurderingId: approvedId, boligId: PROPERTY, vurderingsStatus: 'approved', konverteret: false },
        ],
      });
      client.setQueryData(
        locatedAssessmentsQueryOptions([{ propertyId: PROPERTY, assessmentId: approvedId }]).queryKey,
        [card],
      );
    });
    const plus = await screen.findByRole('button', { name: 'Start en ny vurdering af boligen' });
    expect(plus).toHaveAttribute('aria-disabled', 'true');
    expect(plus).toHaveAccessibleDescription('At starte forfra kræver netforbindelse.');
    await userEvent.click(plus);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const unlock = screen.getByRole('button', { name: 'Lås op' });
    expect(unlock).toHaveAttribute('aria-disabled', 'true');
    expect(unlock).toHaveAccessibleDescription('Oplåsning kræver netforbindelse.');
    await userEvent.click(unlock);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
