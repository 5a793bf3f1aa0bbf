import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { expect, test } from './test';
import type { HandicapScore } from '../shared/contract/dto';
import { HANDICAP_TYPES } from '../shared/rules/handicaps';
import { NO_DATE } from '../shared/rules/statuses';
import { da } from '../shared/texts/da';
import {
  api,
  bigDepartment,
  demoToken,
  firstOrganizationDepartments,
  isDemoAssessment,
  signInWithToken,
} from './fixtures';

/**
 * The printable report (docs/product.md 2 "The printable report"): the results page printed to
 * PDF (as "Gem som PDF" in the print dialog does) holds the organization, the department, the
 * address, who assessed and approved, and every group's verdict, and nothing of the app around
 * it. Read back with pdftotext (poppler-utils, installed by .ci/run).
 */
test('the results page prints as a report with the address and every group’s verdict', async ({
  page,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'desktop', 'page.pdf prints the same page whatever the screen');
  const token = await demoToken(request, 'skriver');
  const { organization } = await firstOrganizationDepartments(request, token);
  const { department, rows } = await bigDepartment(request, token);
  const row = rows.find(
    (r) =>
      isDemoAssessment(r.assessmentId) &&
      r.assessmentStatus === 'approved' &&
      !r.isConverted &&
      r.futureApprovedDate === NO_DATE,
  )!;
  const scores = await api<HandicapScore[]>(
    request,
    token,
    `/api/v2/assessment/getassessmentscores?assessmentId=${row.assessmentId}`,
  );
  expect(scores).toHaveLength(HANDICAP_TYPES.length);

  await signInWithToken(page, token, `/results/${row.residenceId}/${row.assessmentId}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Resultat' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Udskriv eller gem som PDF' })).toBeVisible();
  // The report is for paper only: nothing of it on screen.
  await expect(page.getByRole('heading', { name: 'Tilgængelighedsvurdering' })).toHaveCount(0);

  await page.emulateMedia({ media: 'print' });
  // Who approved comes with the history, read as the page shows.
  await expect(page.getByText('Godkendt af')).toBeAttached();
  const pdf = testInfo.outputPath('report.pdf');
  await writeFile(pdf, await page.pdf({ format: 'A4' }));
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });

  expect(text).toContain('Tilgængelighedsvurdering');
  expect(text).toContain(organization.name);
  expect(text).toContain(department.departmentName);
  expect(text).toContain(`${row.streetName} ${row.streetNumber}`);
  expect(text).toMatch(/Status\s+Godkendt/);
  expect(text).toMatch(/Vurderet af\s+Sofie Skriver/);
  expect(text).toMatch(/Godkendt af\s+Sofie Skriver/);
  for (const type of HANDICAP_TYPES) {
    const verdict = scores.find((s) => s.handicapTypeId === type)!.scoreText;
    expect(text).toMatch(new RegExp(`${da[`handicap.${type}`]}\\s+${verdict.replace(/[()]/g, '\\$&')}`));
  }
  expect(text).toContain('Svar');
  // No app chrome: no header, no buttons, no screen heading.
  for (const chrome of [
    'Udskriv eller gem som PDF',
    'Godkend senere',
    'Slet',
    'Dette er en demonstration',
    'Resultat\n',
  ])
    expect(text).not.toContain(chrome);
});
