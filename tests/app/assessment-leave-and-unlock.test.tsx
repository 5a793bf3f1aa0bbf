// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { screen, waitFor, within } from '@testing-library/react';
import Dexie from 'dexie';
import { describe, expect, it, vi } from 'vitest';
import type { AssessmentListEntry } from '../../shared/contract/dto';
import { NO_DATE } from '../../shared/rules/statuses';
import { appDatabase } from '../../src/offline/db';
import {
  ASSESSMENT,
  PROPERTY,
  details,
  network,
  property,
  renderForm,
  saveStatusText,
  serverQuestions,
  setUpFormTests,
} from './assessment-form-harness';
import { json } from './test-render';

setUpFormTests();

async function openSaveOrClose(user: Awaited<ReturnType<typeof renderForm>>['user']) {
  await user.click(screen.getByRole('button', { name: 'Gem svar og gå tilbage' }));
  return screen.findByRole('dialog', { name: 'Luk vurderingen' });
}

describe('the save-or-close dialog (docs/product.md 2)', () => {
  it('says the answers are saved and offers save and close, back and delete', async () => {
    const deleteDialog = vi.fn(({ opened }: { opened: boolean }) =>
      opened ? <p>Sletning bekræftes her</p> : null,
    );
    const { user, router } = await renderForm({ deleteDialog });
    const dialog = await openSaveOrClose(user);
    expect(within(dialog).getByText('Dine svar er gemt, og du kan fortsætte senere.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Tilbage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/001`);

    // Delete opens the delete flow's own confirmation.
    await user.click(within(await openSaveOrClose(user)).getByRole('button', { name: 'Slet vurderingen' }));
    expect(await screen.findByText('Sletning bekræftes her')).toBeInTheDocument();

    await user.click(within(await openSaveOrClose(user)).getByRole('button', { name: 'Gem og luk' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/residence/${PROPERTY}`));
  });

  it('says truthfully that an answer typed offline is saved on the device and sent later', async () => {
    network.down = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await waitFor(() => expect(saveStatusText()).toBe('Gemt på enheden – sendes, når du er online'));

    const dialog = await openSaveOrClose(user);
    // Right in the dialog's first frame: the count includes what the form stored before the
    // outbox read it back (unsentAnswerCount), not only what the outbox shows.
    expect(dialog).toHaveTextContent(
      'Dine svar er gemt på enheden, og du kan fortsætte senere. 1 svar er ikke sendt endnu og sendes, når der er forbindelse.',
    );
    expect(dialog).not.toHaveTextContent(/ikke gemt/i);
    expect(within(dialog).getByRole('button', { name: 'Gem og luk' })).toBeInTheDocument();
  });

  it('counts an answer the outbox has not read back yet, in the first frame', async () => {
    network.down = true;
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const { user } = await renderForm();
    // The outbox's reading back is held: only the form knows that the answer is stored.
    const table = appDatabase().outbox;
    const toArray = table.toArray.bind(table);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.spyOn(table, 'toArray').mockImplementation(() => Dexie.Promise.resolve(held).then(() => toArray()));
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await waitFor(() => expect(saveStatusText()).toMatch(/^Gemt på enheden/));

    const dialog = await openSaveOrClose(user);
    expect(dialog).toHaveTextContent('1 svar er ikke sendt endnu og sendes, når der er forbindelse.');
    release();
  });

  it('says that an answer the device refused is not saved', async () => {
    vi.spyOn(appDatabase().outbox, 'add').mockImplementation(() =>
      Dexie.Promise.reject(new DOMException('The quota has been exceeded.', 'QuotaExceededError')),
    );
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await waitFor(() => expect(saveStatusText()).toMatch(/^Ikke gemt/));

    const dialog = await openSaveOrClose(user);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^1 svar er ikke gemt: Der er ikke mere plads på enheden\. Lukker du nu, går det tabt\.$/,
    );
    expect(dialog).toHaveTextContent('Dine øvrige svar er gemt på enheden.');
    expect(dialog).not.toHaveTextContent('Dine svar er gemt, og du kan fortsætte senere.');
    expect(within(dialog).getByRole('button', { name: 'Luk alligevel' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Gem og luk' })).not.toBeInTheDocument();
  });

  it('still says so while the refused answer is being tried again', async () => {
    const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    // Refused, then the retry after 1 s hangs until the test is done with the dialog.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const add = vi
      .spyOn(appDatabase().outbox, 'add')
      .mockImplementationOnce(() => Dexie.Promise.reject(quota()))
      .mockImplementation(() => Dexie.Promise.resolve(held).then(() => Dexie.Promise.reject(quota())));
    const { user } = await renderForm();
    await user.click(screen.getByRole('radio', { name: 'Ja' }));
    await waitFor(() => expect(add).toHaveBeenCalledTimes(2));

    const dialog = await openSaveOrClose(user);
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      /^1 svar er ikke gemt: Der er ikke mere plads/,
    );
    expect(within(dialog).getByRole('button', { name: 'Luk alligevel' })).toBeInTheDocument();
    release();
  });
});

const approvedEntry = (fields: Partial<AssessmentListEntry> = {}): AssessmentListEntry => ({
  assessmentId: ASSESSMENT,
  propertyId: PROPERTY,
  departmentId: 'd-1',
  assessmentStatus: 'approved',
  isCalculated: true,
  converted: false,
  location: 'Testvej 1, st.',
  validFrom: '2024-01-01T00:00:00',
  futureApprovedDate: NO_DATE,
  createdAt: '2023-12-01T00:00:00',
  progress: 1,
  ...fields,
});

function approvedResidence(located: AssessmentListEntry[]) {
  network.handlers['/api/v2/assessment/getlocatedassessments'] = () => json(located);
  return {
    assessment: details({ assessmentStatus: 'approved', isCalculated: true }),
    property: property({
      vurderinger: located.map((a) => ({
        vurderingId: a.assessmentId,
        boligId: PROPERTY,
        vurderingsStatus: a.assessmentStatus,
        konverteret: false,
      })),
    }),
  };
}

describe('a locked form (docs/product.md 2 and 4)', () => {
  it('shows no screening intro, only the back link to the residence, and read-only inputs', async () => {
    await renderForm({
      ...approvedResidence([approvedEntry()]),
      path: `/assessment/${PROPERTY}/${ASSESSMENT}/screening/001`,
    });
    expect(screen.getByText('Vurderingen er låst og kan ikke ændres.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbage til boligen' })).toHaveAttribute(
      'href',
      `/residence/${PROPERTY}`,
    );
    expect(screen.queryByRole('button', { name: 'Gem svar og gå tilbage' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Ja' })).toHaveAttribute('aria-disabled', 'true');
  });

  it('shows the screening intro to an editable form at screening 001', async () => {
    await renderForm({ path: `/assessment/${PROPERTY}/${ASSESSMENT}/screening/001` });
    const intro = await screen.findByRole('dialog');
    expect(within(intro).getByRole('button', { name: 'Start screening' })).toBeInTheDocument();
  });
});

describe('unlocking from inside the form (docs/product.md 4 "Unlock")', () => {
  it('copies the approved assessment and opens the same question of the new draft', async () => {
    network.handlers['/api/v1/assessment/createnewassessment'] = () => json('a-2');
    network.handlers['/api/v2/assessment/getassessment'] = () =>
      json(details({ assessmentId: 'a-2', assessmentStatus: 'draft' }));
    network.handlers['/api/v2/questions'] = () => json(serverQuestions());
    network.handlers['/api/v2/properties/getproperty'] = () => json(property());
    const { user, router } = await renderForm({
      ...approvedResidence([approvedEntry()]),
      path: `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002`,
    });
    await user.click(await screen.findByRole('button', { name: 'Lås op' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lås vurderingen op?' });
    expect(within(dialog).getByText(/Vi laver en ny kladde/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lås op' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/a-2/evaluation/002`),
    );
    const [create] = network.callsTo('/api/v1/assessment/createnewassessment');
    expect(Object.fromEntries(create!.url.searchParams)).toEqual({
      propertyId: PROPERTY,
      sourceAssessmentIdToCopyFrom: ASSESSMENT,
    });
    expect(await screen.findByRole('button', { name: 'Gem svar og gå tilbage' })).toBeInTheDocument();
    expect(screen.queryByText('Vurderingen er låst og kan ikke ændres.')).not.toBeInTheDocument();
  });

  it('never says other assessments exist while its own unlock is under way', async () => {
    // Once the copy is made the residence's lists hold it as a draft: refetched before the new
    // draft is open, the dialog would swap its confirmation for "other assessments exist".
    const residence = approvedResidence([approvedEntry()]);
    let created = false;
    network.handlers['/api/v1/assessment/createnewassessment'] = () => {
      created = true;
      return json('a-2');
    };
    const draft = approvedEntry({ assessmentId: 'a-2', assessmentStatus: 'draft', progress: 0.5 });
    network.handlers['/api/v2/assessment/getlocatedassessments'] = () =>
      json(created ? [approvedEntry(), draft] : [approvedEntry()]);
    network.handlers['/api/v1/properties/getproperty'] = () =>
      json(
        property({
          vurderinger: [
            { vurderingId: ASSESSMENT, boligId: PROPERTY, vurderingsStatus: 'approved', konverteret: false },
            { vurderingId: 'a-2', boligId: PROPERTY, vurderingsStatus: 'draft', konverteret: false },
          ],
        }),
      );
    // The new draft takes a moment to load, as over a real network.
    network.handlers['/api/v2/assessment/getassessment'] = async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return json(details({ assessmentId: 'a-2', assessmentStatus: 'draft' }));
    };
    network.handlers['/api/v2/questions'] = () => json(serverQuestions());
    const { user, router } = await renderForm({
      ...residence,
      path: `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002`,
    });
    await user.click(await screen.findByRole('button', { name: 'Lås op' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lås vurderingen op?' });
    const shown: string[] = [];
    const watcher = new MutationObserver(() => shown.push(document.body.textContent ?? ''));
    watcher.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(within(dialog).getByRole('button', { name: 'Lås op' }));

    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/a-2/evaluation/002`),
    );
    expect(await screen.findByRole('button', { name: 'Gem svar og gå tilbage' })).toBeInTheDocument();
    watcher.disconnect();
    expect(shown.filter((text) => text.includes('Boligen har allerede en vurdering'))).toEqual([]);
  });

  it('says the residence has assessments in progress instead of offering to unlock', async () => {
    const { user } = await renderForm(
      approvedResidence([approvedEntry(), approvedEntry({ assessmentId: 'a-9', assessmentStatus: 'draft' })]),
    );
    await user.click(await screen.findByRole('button', { name: 'Lås op' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lås vurderingen op?' });
    expect(within(dialog).getByText(/Boligen har allerede en vurdering, der er i gang/)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Lås op' })).not.toBeInTheDocument();
    expect(network.callsTo('/api/v1/assessment/createnewassessment')).toHaveLength(0);
  });

  it('shows the error and keeps Lås op disabled until the dialog is cancelled', async () => {
    network.handlers['/api/v1/assessment/createnewassessment'] = () => json({ message: 'Boom' }, 500);
    const { user } = await renderForm(approvedResidence([approvedEntry()]));
    await user.click(await screen.findByRole('button', { name: 'Lås op' }));
    let dialog = await screen.findByRole('dialog', { name: 'Lås vurderingen op?' });
    await user.click(within(dialog).getByRole('button', { name: 'Lås op' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      /^Vi kunne ikke låse vurderingen op\. Annullér, og prøv igen\.$/,
    );
    expect(within(dialog).getByRole('button', { name: 'Lås op' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Annullér' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Lås op' }));
    dialog = await screen.findByRole('dialog', { name: 'Lås vurderingen op?' });
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Lås op' })).toBeEnabled();
  });

  it('is not offered for an assessment approved for a future date, nor to a read user', async () => {
    const future = new Date(Date.now() + 30 * 24 * 3600 * 1000).toISOString();
    await renderForm(approvedResidence([approvedEntry({ futureApprovedDate: future })]));
    await waitFor(() => expect(network.callsTo('/api/v2/assessment/getlocatedassessments')).toHaveLength(1));
    expect(screen.getByText('Vurderingen er låst og kan ikke ændres.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lås op' })).not.toBeInTheDocument();
  });

  it('is not offered to a read user, who is told the answers can only be read', async () => {
    await renderForm({ ...approvedResidence([approvedEntry()]), canWrite: false });
    expect(screen.getByText('Du kan se svarene, men ikke ændre dem.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Lås op' })).not.toBeInTheDocument();
    expect(network.callsTo('/api/v2/assessment/getlocatedassessments')).toHaveLength(0);
  });
});

describe('the table of contents (docs/product.md 2)', () => {
  it('links each question and, when not locked, Approve to the results page', async () => {
    const { user, router } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Indholdsfortegnelse' }));
    const toc = await screen.findByRole('dialog', { name: 'Indhold' });
    expect(within(toc).getByRole('link', { name: 'Godkend vurderingen' })).toHaveAttribute(
      'href',
      `/results/${PROPERTY}/${ASSESSMENT}`,
    );
    await user.click(within(toc).getByRole('link', { name: '002. Belysning' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/002`),
    );
  });

  it('has no Approve link in a locked form', async () => {
    const { user } = await renderForm(approvedResidence([approvedEntry()]));
    await user.click(screen.getByRole('button', { name: 'Indholdsfortegnelse' }));
    const toc = await screen.findByRole('dialog', { name: 'Indhold' });
    expect(within(toc).getByRole('link', { name: '002. Belysning' })).toBeInTheDocument();
    expect(within(toc).queryByRole('link', { name: 'Godkend vurderingen' })).not.toBeInTheDocument();
  });
});
