// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AssessmentListEntry } from '../../shared/contract/dto';
import { NO_DATE } from '../../shared/rules/statuses';
import { AssessmentCard } from '../../src/features/residence/components/assessment-card';
import { fillJsdomGaps, renderRouter } from './test-render';

const PROPERTY = 'p1';
const ASSESSMENT = 'a1';

beforeAll(fillJsdomGaps);

beforeEach(() => {
  // The card reads the scores; these cards have none yet.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } })),
  );
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function entry(fields: Partial<AssessmentListEntry>): AssessmentListEntry {
  return {
    assessmentId: ASSESSMENT,
    propertyId: PROPERTY,
    departmentId: 'd1',
    assessmentStatus: 'draft',
    isCalculated: false,
    converted: false,
    location: 'Testvej 1, st. 1, 8000',
    validFrom: null,
    futureApprovedDate: NO_DATE,
    createdAt: '2026-11-21T09:00:00.000Z',
    progress: 0.74,
    ...fields,
  };
}

async function renderCard(
  assessment: AssessmentListEntry,
  canWrite: boolean,
  onUnlock?: () => void,
  content?: unknown,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  if (content) queryClient.setQueryData(['staticcontent'], content);
  const rootRoute = createRootRoute({
    component: () => <AssessmentCard assessment={assessment} canWrite={canWrite} onUnlock={onUnlock} />,
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await renderRouter(router, queryClient);
  return screen.findByRole('article', { name: 'Vurdering 21.11.26' });
}

const assessmentPath = `/assessment/${PROPERTY}/${ASSESSMENT}`;
const resultsPath = `/results/${PROPERTY}/${ASSESSMENT}`;

describe('the way into an assessment from its card (docs/product.md 2 and 4)', () => {
  it.each([
    // A write user continues an editable assessment where it was left (the resume route).
    ['a draft', { assessmentStatus: 'draft' }, true, 'Fortsæt vurderingen', 'Kladde', assessmentPath],
    [
      'a rejected one',
      { assessmentStatus: 'rejected' },
      true,
      'Fortsæt vurderingen',
      'Afvist',
      assessmentPath,
    ],
    // A calculated or ready one opens its results, which exist for write users only.
    [
      'a calculated one',
      { assessmentStatus: 'draft', isCalculated: true },
      true,
      'Se resultatet',
      'Beregnet',
      resultsPath,
    ],
    [
      'a ready one',
      { assessmentStatus: 'ready', isCalculated: true },
      true,
      'Se resultatet',
      'Klar til godkendelse',
      resultsPath,
    ],
    // Locked: approved for everyone, and everything for a read user.
    [
      'an approved one',
      { assessmentStatus: 'approved', isCalculated: true },
      true,
      'Se vurderingen',
      'Godkendt',
      assessmentPath,
    ],
    [
      'a draft, for a read user',
      { assessmentStatus: 'draft' },
      false,
      'Se vurderingen',
      'Kladde',
      assessmentPath,
    ],
    [
      'a calculated one, for a read user',
      { assessmentStatus: 'draft', isCalculated: true },
      false,
      'Se vurderingen',
      'Beregnet',
      assessmentPath,
    ],
  ] as const)(
    '%s: the link reads and leads as its status and the role say',
    async (_, fields, canWrite, text, status, href) => {
      const card = await renderCard(entry(fields), canWrite);
      const links = within(card).getAllByRole('link');
      expect(links).toHaveLength(1);
      const link = links[0]!;
      expect(link).toHaveTextContent(text);
      // The accessible name starts with the visible text and says which assessment it opens.
      expect(link).toHaveAttribute('aria-label', `${text}: Vurdering 21.11.26, ${status}`);
      expect(link).toHaveAttribute('href', href);
    },
  );

  it('keeps unlock a separate button beside the link, never inside it', async () => {
    const card = await renderCard(
      entry({ assessmentStatus: 'approved', isCalculated: true }),
      true,
      () => {},
    );
    const unlock = within(card).getByRole('button', { name: 'Lås op' });
    const link = within(card).getByRole('link', { name: /^Se vurderingen/ });
    expect(link).toBeInTheDocument();
    expect(unlock).toBeInTheDocument();
    expect(within(link).queryByRole('button', { name: 'Lås op' })).not.toBeInTheDocument();
  });
});

describe('the date an approval takes effect (docs/product.md 4 "Assessment status")', () => {
  it('says "Gælder fra" with the date for an approval from a future date', async () => {
    const card = await renderCard(
      entry({
        assessmentStatus: 'approved',
        isCalculated: true,
        validFrom: '2099-03-07T00:00:00',
        futureApprovedDate: '2099-03-07T00:00:00',
      }),
      true,
    );
    expect(within(card).getByText('Gælder fra 07.03.99')).toBeInTheDocument();
  });

  it('says it for an approval in force as well', async () => {
    const card = await renderCard(
      entry({ assessmentStatus: 'approved', isCalculated: true, validFrom: '2024-01-05T00:00:00' }),
      true,
    );
    expect(within(card).getByText('Gælder fra 05.01.24')).toBeInTheDocument();
  });
});

describe('a complete draft invites a write user to approve it (automaticApproval)', () => {
  const content = {
    translationSettings: { translations: {} },
    breakerAndResultScreenSettings: {
      automaticApproval: {
        header: 'Vurderingen kan godkendes',
        body: 'Alle svar er på plads.',
        buttonLabel: 'Gå til godkendelse',
      },
    },
  };

  it("says so in the content's words, and its way in goes to the approval", async () => {
    const card = await renderCard(entry({ isCalculated: true }), true, undefined, content);
    expect(within(card).getByText('Vurderingen kan godkendes')).toBeInTheDocument();
    expect(within(card).getByText('Alle svar er på plads.')).toBeInTheDocument();
    const link = within(card).getByRole('link', { name: /^Gå til godkendelse/ });
    expect(link).toHaveAttribute('href', resultsPath);
  });

  it('not to a read user, nor for a draft with answers missing', async () => {
    for (const [fields, canWrite] of [
      [{ isCalculated: true }, false],
      [{ isCalculated: false }, true],
    ] as const) {
      const card = await renderCard(entry(fields), canWrite, undefined, content);
      expect(within(card).queryByText('Vurderingen kan godkendes')).not.toBeInTheDocument();
      expect(within(card).queryByRole('link', { name: /^Gå til godkendelse/ })).not.toBeInTheDocument();
      cleanup();
    }
  });
});
