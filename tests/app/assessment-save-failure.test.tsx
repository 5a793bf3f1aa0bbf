// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor } from '@testing-library/react';
import Dexie from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { appDatabase } from '../../src/offline/db';
import {
  ASSESSMENT,
  PROPERTY,
  network,
  queryClient,
  renderForm,
  saveStatusText,
  serverQuestions,
  setUpFormTests,
} from './assessment-form-harness';

/**
 * A failed save is never shown as saved (docs/architecture.md 2 "Save status"). Dexie is made to
 * throw where the browser would (a full quota, no IndexedDB); everything else is the app's own
 * code.
 */

setUpFormTests();

/**
 * The wait before the form's next automatic retry, when a test sets it: a wait no busy machine
 * can outlast shows that a store came from "Prøv igen" and not from the timer.
 */
const retryDelays = vi.hoisted(() => ({ override: undefined as ((failures: number) => number) | undefined }));
vi.mock('../../src/domain/save-status', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/domain/save-status')>();
  return {
    ...original,
    enqueueRetryDelay: (failures: number) =>
      retryDelays.override?.(failures) ?? original.enqueueRetryDelay(failures),
  };
});
afterEach(() => {
  retryDelays.override = undefined;
});

const QUOTA_TEXT = 'Ikke gemt: Der er ikke mere plads på enheden. Vi prøver igen om lidt.';
const full = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');

/** Makes IndexedDB refuse new outbox entries (a full quota) until `allow()` is called. */
function refuseStorage() {
  const table = appDatabase().outbox;
  const add = table.add.bind(table);
  let refusing = true;
  /** Whether each call was let through. */
  const calls: { stored: boolean }[] = [];
  const spy = vi.spyOn(table, 'add').mockImplementation((...args: Parameters<typeof add>) => {
    calls.push({ stored: !refusing });
    return refusing ? Dexie.Promise.reject(full()) : add(...args);
  });
  return {
    spy,
    calls,
    allow: () => {
      refusing = false;
    },
  };
}

const yes = () => screen.getByRole('radio', { name: 'Ja' });

describe('an answer the device cannot store', () => {
  it('says Ikke gemt with the reason, keeps the value, and says Gemt once a retry stores it', async () => {
    const storage = refuseStorage();
    const { user } = await renderForm();

    await user.click(yes());
    await waitFor(() => expect(saveStatusText()).toBe(QUOTA_TEXT));
    expect(yes()).toBeChecked();
    expect(screen.getByRole('button', { name: 'Prøv igen' })).toBeInTheDocument();
    expect(await appDatabase().outbox.count()).toBe(0);
    expect(network.received).toEqual([]);

    // The value stays even when the server's list (without it) replaces the cached one.
    queryClient.setQueryData(questionsQueryOptions(ASSESSMENT).queryKey, serverQuestions());
    await waitFor(() => expect(yes()).toBeChecked());
    // The retry every second shows "Gemmer …" while it runs (a busy machine may be in one now).
    await waitFor(() => expect(saveStatusText()).toBe(QUOTA_TEXT));

    // The device has room again: the automatic retry (after 1 s) stores it, the sender sends it.
    storage.allow();
    await waitFor(() => expect(saveStatusText()).toBe('Gemt'));
    expect(network.received).toEqual([
      {
        questionUniqueId: 'ANK-01',
        assessmentId: ASSESSMENT,
        values: ['ja'],
        answeredAt: expect.any(String),
      },
    ]);
    expect(yes()).toBeChecked();
    expect(screen.queryByRole('button', { name: 'Prøv igen' })).not.toBeInTheDocument();
  });

  it('keeps trying with a backoff, and "Prøv igen" stores it at once', async () => {
    // The first retry comes after 1 s; after it the next one would wait an hour.
    const asked: number[] = [];
    retryDelays.override = (failures) => {
      asked.push(failures);
      return failures === 1 ? 1_000 : 3_600_000;
    };
    const storage = refuseStorage();
    const { user } = await renderForm();

    await user.click(yes());
    await waitFor(() => expect(saveStatusText()).toBe(QUOTA_TEXT));
    // Refused, then refused again by the retry after 1 s; after that the next one waits an hour.
    await waitFor(() => expect(storage.spy).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(saveStatusText()).toBe(QUOTA_TEXT));
    // Each refusal in a row asks for the wait after one more failure: the backoff's steps.
    expect(asked).toEqual([1, 2]);

    storage.allow();
    await user.click(screen.getByRole('button', { name: 'Prøv igen' }));
    await waitFor(() => expect(saveStatusText()).toBe('Gemt'));
    expect(storage.calls.map((call) => call.stored)).toEqual([false, false, true]);
    expect(network.received).toHaveLength(1);
  });

  it('never shows Gemt while the latest edit is refused, even with an older one queued', async () => {
    const { user } = await renderForm();
    // Offline: the first answer is stored and waits in the outbox.
    network.down = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    await user.click(yes());
    await waitFor(() => expect(saveStatusText()).toBe('Gemt på enheden – sendes, når du er online'));

    // The change of mind cannot be stored (whether it updates the queued entry or adds one).
    const table = appDatabase().outbox;
    vi.spyOn(table, 'put').mockImplementation(() => Dexie.Promise.reject(full()));
    vi.spyOn(table, 'add').mockImplementation(() => Dexie.Promise.reject(full()));
    await user.click(screen.getByRole('radio', { name: 'Nej' }));
    await waitFor(() => expect(saveStatusText()).toBe(QUOTA_TEXT));
    expect(screen.getByRole('radio', { name: 'Nej' })).toBeChecked();
    const [queued] = await table.toArray();
    expect(queued?.kind === 'answer' ? queued.payload : undefined).toEqual({ values: ['ja'] });
  });
});

describe('an answer waiting in the outbox', () => {
  it("stays on screen when the server's list from another answer arrives without it", async () => {
    network.down = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = await renderForm();
    await user.click(yes());
    await waitFor(() => expect(saveStatusText()).toBe('Gemt på enheden – sendes, når du er online'));
    // The outbox list can show it without the network and lead back to the question.
    expect(await appDatabase().outbox.toArray()).toMatchObject([
      {
        questionUniqueId: 'ANK-01',
        payload: { values: ['ja'] },
        locationText: 'Testvej 1, st.',
        questionTitle: '001. Niveaufri adgang',
        valueText: 'Ja',
        questionPath: `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/001`,
      },
    ]);

    // What the sender puts in the cache when another question's answer reaches the server.
    queryClient.setQueryData(questionsQueryOptions(ASSESSMENT).queryKey, serverQuestions());
    await waitFor(() =>
      expect(queryClient.getQueryData(questionsQueryOptions(ASSESSMENT).queryKey)).toEqual(serverQuestions()),
    );
    expect(yes()).toBeChecked();
    expect(saveStatusText()).toBe('Gemt på enheden – sendes, når du er online');
  });
});

describe('a browser that refuses IndexedDB at start', () => {
  it('says in Danish on the form that answers cannot be stored here, and why, with the inputs shown', async () => {
    const db = appDatabase();
    db.close();
    vi.spyOn(db, 'open').mockRejectedValue(new Dexie.MissingAPIError('IndexedDB API missing'));
    const { user } = await renderForm();

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Svarene kan ikke gemmes på denne enhed');
    expect(alert).toHaveTextContent('Det sker typisk i et privat vindue');
    expect(screen.getByRole('heading', { level: 1, name: 'Er der niveaufri adgang?' })).toBeInTheDocument();

    // Answering still shows the value, and says truthfully that it was not saved.
    await user.click(yes());
    await waitFor(() =>
      expect(saveStatusText()).toBe(
        'Ikke gemt: Browseren tillader ikke, at svar gemmes på enheden (fx i et privat vindue). Vi prøver igen om lidt.',
      ),
    );
    expect(yes()).toBeChecked();
  });
});
