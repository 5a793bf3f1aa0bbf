import { expect, test } from './test';
import type { Question } from '../shared/rules/answer-validation';
import {
  api,
  demoToken,
  expectAccessible,
  newAssessmentInSmallestDepartment,
  signInWithToken,
} from './fixtures';

/**
 * Screening first (docs/product.md 4 "Screening and answering"): an evaluation question opened by a
 * typed address before the screening is complete takes no answer, says why and links to the
 * screening; the table of contents marks the evaluation chapters as not open yet; the server
 * refuses such an answer with 409 SCREENING_NOT_COMPLETE.
 */
test('an evaluation question before the screening takes no answer and leads to the screening', async ({
  page,
  request,
}) => {
  const token = await demoToken(request, 'skriver');
  const { propertyId, assessmentId } = await newAssessmentInSmallestDepartment(request, token);
  const questions = await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
  const evaluation = questions.find((q) => q.chapterKind === 'evaluation' && q.id === '001')!;
  const screening = questions.find((q) => q.chapterKind === 'screening' && q.id === '001')!;

  // The server: refused, nothing stored.
  const refused = await request.post('/api/v2/sync/syncanswer', {
    headers: { Authorization: `Bearer ${token}` },
    data: {
      assessmentId,
      questionUniqueId: evaluation.uniqueId,
      ...(evaluation.type === 'numeric'
        ? { numericValue: evaluation.numericQuestionSettings!.rangeStart }
        : { values: [evaluation.options[0]!.answerId] }),
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { code: string }).code).toBe('SCREENING_NOT_COMPLETE');

  // The form, at a typed address.
  const form = `/assessment/${propertyId}/${assessmentId}`;
  await signInWithToken(page, token, `${form}/evaluation/001`);
  await expect(page.getByRole('heading', { level: 1, name: evaluation.question })).toBeVisible();
  await expect(page.getByText('Screeningen er ikke færdig')).toBeVisible();
  const controls = page
    .getByRole('radio')
    .or(page.getByRole('checkbox'))
    .or(page.getByLabel(/^Værdi i/));
  await expect(controls.first()).toBeVisible();
  if (evaluation.type === 'numeric') await expect(page.getByLabel(/^Værdi i/)).not.toBeEditable();
  else await expect(controls.first()).toHaveAttribute('aria-disabled', 'true');
  await expectAccessible(page, 'an evaluation question before the screening');

  // The table of contents: the evaluation chapters are not open yet.
  await page.getByRole('button', { name: 'Indholdsfortegnelse' }).click();
  const toc = page.getByRole('dialog', { name: 'Indhold' });
  const chapter = toc.getByRole('button', { name: new RegExp(`^${evaluation.chapter.label}`) });
  await expect(chapter).toContainText('Ikke åben endnu');
  await expect(
    toc
      .getByRole('region', { name: new RegExp(`^${evaluation.chapter.label}`) })
      .getByText('Kapitlet åbner, når screeningen er færdig.'),
  ).toBeVisible();
  await expectAccessible(page, 'the table of contents before the screening');
  await page.keyboard.press('Escape');
  await expect(toc).toHaveCount(0);

  // The way to the screening: its first unanswered question, which takes answers.
  await page.getByRole('link', { name: `Gå til screeningen: 001. ${screening.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`${form}/screening/001$`));
  await expect(page.getByText('Screeningen er ikke færdig')).toHaveCount(0);
  await expect(page.getByRole('radio').first()).not.toHaveAttribute('aria-disabled', 'true');
});
