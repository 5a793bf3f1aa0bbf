// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { tokenStore } from '../../src/api/token-store';
import { OutboxIndicator } from '../../src/features/outbox/components/outbox-indicator';
import { appDatabase } from '../../src/offline/db';
import { enqueueAnswer, enqueueCreate, queueHiddenQuestionsSync } from '../../src/offline/outbox';
import { fillJsdomGaps, unsignedToken } from './test-render';

/** The header's outbox list shows a queued create and hidden-questions sync in words. */

const USER = '11111111-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const NEW = '9b0c7a4e-5d1f-4b6a-8e2c-3f4a5b6c7d8e';
const PROPERTY = 'b7a6c9d0-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const PLACE = 'Testvej 1, st. 1, 8000 Aarhus C';

/** An answer to the new assessment, queued behind its create. */
const answerToNew = {
  assessmentId: NEW,
  propertyId: PROPERTY,
  questionUniqueId: 'S01',
  payload: { values: ['ja'] },
  ssoUuid: USER,
  locationText: PLACE,
  questionTitle: 'Trappetrin ved indgangen',
  valueText: 'Ja',
};

/** The header's indicator, offline, signed in as USER. */
function renderOffline() {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  tokenStore.set(unsignedToken(USER));
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={new QueryClient()}>
        <OutboxIndicator />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

beforeAll(fillJsdomGaps);

afterEach(async () => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  tokenStore.clear();
  await appDatabase().outbox.clear();
});

describe('the outbox list', () => {
  it('lists a create, its answer held back behind it, and the sync, in sending order', async () => {
    const db = appDatabase();
    await enqueueCreate(db, { assessmentId: NEW, propertyId: PROPERTY, ssoUuid: USER, locationText: PLACE });
    await enqueueAnswer(db, answerToNew);
    await queueHiddenQuestionsSync(db, { assessmentId: NEW, propertyId: PROPERTY, ssoUuid: USER });

    renderOffline();
    await userEvent.click(await screen.findByRole('button', { name: /^Se svar, der ikke er sendt: 3 / }));
    const drawer = await screen.findByRole('dialog');
    const titles = within(drawer)
      .getAllByText(/^(Ny vurdering|Spørgsmål:|Opdatering af skjulte)/)
      .map((e) => e.textContent);
    expect(titles).toEqual([
      'Ny vurdering, startet uden forbindelse',
      'Spørgsmål: Trappetrin ved indgangen',
      'Opdatering af skjulte spørgsmål efter screeningen',
    ]);
    // Only the answer carries a value; the answer and the sync wait for the create.
    expect(
      within(drawer)
        .getAllByText(/^Svar: /)
        .map((e) => e.textContent),
    ).toEqual(['Svar: Ja']);
    expect(
      within(drawer).getAllByText('Vurderingen oprettes først; dens svar sendes bagefter.'),
    ).toHaveLength(2);
    expect(within(drawer).getAllByText(`Bolig: ${PLACE}`)).toHaveLength(3);
  });

  it('a parked create is discarded as the new assessment, with the answers waiting for it', async () => {
    const db = appDatabase();
    const created = await enqueueCreate(db, {
      assessmentId: NEW,
      propertyId: PROPERTY,
      ssoUuid: USER,
      locationText: PLACE,
    });
    await enqueueAnswer(db, answerToNew);
    await db.outbox.update(created.id, { state: 'parked', parkedMessage: 'Id taget' });

    renderOffline();
    await userEvent.click(await screen.findByRole('button', { name: /^Se svar, der ikke er sendt: / }));
    await userEvent.click(await screen.findByRole('button', { name: 'Kassér' }));
    const confirm = await screen.findByRole('dialog', { name: 'Kassér den nye vurdering?' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Kassér vurderingen' }));
    await vi.waitFor(async () => expect(await db.outbox.count()).toBe(0));
  });
});
