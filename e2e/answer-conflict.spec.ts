import type { Page } from '@playwright/test';
import { expect, test } from './test';
import type { Question } from '../shared/rules/answer-validation';
import {
  api,
  demoToken,
  expectAccessible,
  newAssessmentInSmallestDepartment,
  signInWithToken,
  startScreeningOnline,
} from './fixtures';

/**
 * docs/architecture.md 2, "An older answer": an answer that waited on one device does not
 * overwrite one given after it on another; the assessor sees both and chooses.
 */

/** Chooses the question's `n`-th option; answers its label. */
async function choose(page: Page, question: Question, n: number): Promise<string> {
  const label = question.options[n]!.label;
  await page.getByRole('radio', { name: label, exact: true }).click();
  return label;
}

const selected = (questions: Question[], uniqueId: string) =>
  questions
    .find((q) => q.uniqueId === uniqueId)!
    .options.filter((o) => o.isSelected)
    .map((o) => o.label);

test('an answer that waited offline does not overwrite a newer one from another device; the assessor chooses', async ({
  page,
  context,
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await demoToken(request, 'skriver');
  const { propertyId, assessmentId } = await newAssessmentInSmallestDepartment(request, token);
  const questionsNow = () =>
    api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
  const catalogue = await questionsNow();
  const form = `/assessment/${propertyId}/${assessmentId}/screening`;
  const [first, second] = ['S01', 'S02'].map((id) => catalogue.find((q) => q.uniqueId === id)!);

  // The phone in the stairwell: the two first questions answered without a signal.
  await startScreeningOnline(page, token, { propertyId, assessmentId });
  await context.setOffline(true);
  const mineFirst = await choose(page, first!, 0);
  await expect(page.getByText('Gemt på enheden – sendes, når du er online')).toBeVisible();
  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page).toHaveURL(new RegExp(`${form}/002$`));
  const mineSecond = await choose(page, second!, 0);
  await expect(page.getByText('Gemt på enheden – sendes, når du er online')).toBeVisible();

  // The office, later: the same questions answered otherwise, online.
  const office = await browser.newContext();
  const desk = await office.newPage();
  await signInWithToken(desk, token, `${form}/001`);
  await desk.getByRole('dialog').getByRole('button', { name: 'Start screening' }).click();
  const newestFirst = await choose(desk, first!, 1);
  await expect(desk.getByText('Gemt', { exact: true })).toBeVisible();
  await desk.getByRole('button', { name: 'Næste' }).click();
  await expect(desk).toHaveURL(new RegExp(`${form}/002$`));
  const newestSecond = await choose(desk, second!, 1);
  await expect(desk.getByText('Gemt', { exact: true })).toBeVisible();
  // Both on the server before the office closes.
  await expect.poll(async () => selected(await questionsNow(), 'S02')).toEqual([newestSecond]);
  await office.close();
  expect(selected(await questionsNow(), 'S01')).toEqual([newestFirst]);

  // Back in signal: the phone's answers are older, so the server keeps the office's and the
  // phone shows both, with the choice.
  await context.setOffline(false);
  const reason = page.getByRole('status').filter({ hasText: /^Ikke gemt: Sofie Skriver ændrede svaret/ });
  await expect(reason).toBeVisible({ timeout: 20_000 });
  await expect(reason).toContainText(`Dit svar: ${mineSecond}. Det nyeste svar: ${newestSecond}.`);
  expect(selected(await questionsNow(), 'S01')).toEqual([newestFirst]);
  expect(selected(await questionsNow(), 'S02')).toEqual([newestSecond]);
  await expectAccessible(page, 'an answer outdated by a newer one');

  // This one: the assessor keeps their own.
  await page.getByRole('button', { name: 'Gem mit svar alligevel' }).click();
  await expect(page.getByText('Gemt', { exact: true })).toBeVisible();
  await expect(page.getByRole('radio', { name: mineSecond, exact: true })).toBeChecked();
  await expect.poll(async () => selected(await questionsNow(), 'S02')).toEqual([mineSecond]);

  // The first one, from the outbox list: the newer answer stays.
  await page.getByRole('button', { name: /Se svar, der ikke er sendt/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Svar, der ikke er sendt endnu' });
  await expect(drawer.getByText(`Dit svar: ${mineFirst}. Det nyeste svar: ${newestFirst}.`)).toBeVisible();
  await expectAccessible(page, 'the outbox list with an outdated answer');
  // The list leads to the question, which shows the same choice.
  await drawer.getByRole('button', { name: /^Gå til spørgsmålet: 001\./ }).click();
  await expect(page).toHaveURL(new RegExp(`${form}/001$`));
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: `Dit svar: ${mineFirst}.` })).toBeVisible();
  await page.getByRole('button', { name: /Se svar, der ikke er sendt/ }).click();
  await drawer.getByRole('button', { name: 'Brug det nyeste svar' }).click();
  await expect(page.getByRole('button', { name: /Se svar, der ikke er sendt/ })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('radio', { name: newestFirst, exact: true })).toBeChecked();
  expect(selected(await questionsNow(), 'S01')).toEqual([newestFirst]);
});
