import { expect, test } from './test';
import type { AssessmentDetails } from '../shared/contract/dto';
import {
  answerCurrent,
  answerTexts,
  api,
  bigDepartment,
  demoToken,
  isDemoAssessment,
  payloadAnswerText,
  startScreeningOffline,
  storedOutbox,
} from './fixtures';

/**
 * A screening starts at a door without signal (docs/architecture.md 4 "Offline start"). The
 * create is queued in the outbox with an id the app chose, the form opens on the catalogue
 * already on the device, the answers queue behind the create, and everything survives a reload.
 * Back online, the server holds the assessment under that id with exactly those answers.
 */

interface ApiQuestion {
  uniqueId: string;
  numericQuestionValue: number | null;
  options: { answerId: string; isSelected: boolean }[];
}

const SAVED_ON_DEVICE = 'Gemt på enheden – sendes, når du er online';

test('a screening started offline reaches the server with its id and its answers', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is where an assessment starts offline');
  test.setTimeout(180_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  // Residences without assessments far from the stretches the other specs take.
  const free = rows.filter((r) => r.assessmentId === null);
  const residence = free[120]!;
  const draft = rows.find((r) => r.assessmentStatus === 'draft' && isDemoAssessment(r.assessmentId))!;

  const assessmentId = await startScreeningOffline(page, context, token, {
    draft,
    residenceId: residence.residenceId,
  });

  for (let i = 0; i < 3; i++) {
    await answerCurrent(page);
    await expect(page.getByText(SAVED_ON_DEVICE)).toBeVisible();
    await page.getByRole('button', { name: 'Næste' }).click();
    await expect(page).toHaveURL(new RegExp(`/screening/00${i + 2}$`));
  }
  // The persisted cache is written at most every 300 ms.
  await page.waitForTimeout(600);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();

  const local = await storedOutbox(page);
  const own = local.filter((e) => e.assessmentId === assessmentId);
  expect(own.map((e) => e.kind)).toEqual(['create', 'answer', 'answer', 'answer']);
  const answers = own.filter((e) => e.kind === 'answer');

  await context.setOffline(false);
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/v2/assessment/getassessment?assessmentId=${assessmentId}&propertyId=${residence.residenceId}`,
          { headers: { authorization: `Bearer ${token}` } },
        );
        if (response.status() !== 200) return `getassessment ${response.status()}`;
        const questions = await api<ApiQuestion[]>(
          request,
          token,
          `/api/v2/questions?assessmentId=${assessmentId}`,
        );
        const held = answerTexts(questions);
        const missing = answers.filter(
          (entry) => held.get(entry.questionUniqueId!) !== payloadAnswerText(entry.payload ?? {}),
        );
        return missing.length === 0 ? 'all on the server' : `${missing.length} missing`;
      },
      { timeout: 30_000 },
    )
    .toBe('all on the server');
  const details = await api<AssessmentDetails>(
    request,
    token,
    `/api/v2/assessment/getassessment?assessmentId=${assessmentId}&propertyId=${residence.residenceId}`,
  );
  expect(details).toMatchObject({
    assessmentId,
    propertyId: residence.residenceId,
    assessmentStatus: 'draft',
  });
  // One assessment: the residence has exactly the one started offline.
  const ids = await api<{ assessments: string[] }>(
    request,
    token,
    `/api/v2/assessment/getassessments?propertyId=${residence.residenceId}`,
  );
  expect(ids.assessments).toEqual([assessmentId]);
  // The outbox is empty again.
  await expect(page.getByRole('button', { name: /^Se svar, der ikke er sendt/ })).toHaveCount(0);
});
