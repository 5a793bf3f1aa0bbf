import { randomUUID } from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { PhotoInfo } from '../shared/contract/photos';
import type { Question } from '../shared/rules/answer-validation';
import { cameraJpeg } from '../tests/fixtures/camera-jpeg';
import { expect, test } from './test';
import {
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  navigateInApp,
  signInWithToken,
  storedRows,
  tellPageItIsOffline,
  waitForServiceWorker,
} from './fixtures';

/**
 * "Med fotos" (docs/architecture.md "Photos", "Taken along with photos"): a residence taken along
 * with its photos shows them without a connection, on the residence screen and under the
 * question they document, though the browser's HTTP cache holds none of them; removed from the
 * device, its photos go too.
 */

/** A photo uploaded as the app uploads one (POST /api/v2/photos, the photo as the one file part). */
async function upload(
  request: APIRequestContext,
  token: string,
  fields: { residenceId: string; assessmentId?: string; questionUniqueId?: string },
  photo: Buffer,
): Promise<PhotoInfo> {
  const query = new URLSearchParams({ photoId: randomUUID(), ...fields });
  const response = await request.post(`/api/v2/photos?${query}`, {
    headers: { Authorization: `Bearer ${token}`, 'Idempotency-Key': randomUUID() },
    multipart: { photo: { name: 'foto.jpg', mimeType: 'image/jpeg', buffer: photo } },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PhotoInfo;
}

/** The kept copies on the device (the keptPhotos table): id and size. */
async function keptPhotos(page: Page): Promise<{ photoId: string; size: number }[]> {
  const rows = await storedRows<{ photoId: string; size: number }>(page, 'keptPhotos');
  return rows.map((row) => ({ photoId: row.photoId, size: row.size }));
}

/** Every thumbnail of the strip shows a picture that loaded (none says it cannot be shown). */
async function expectPicturesShown(strip: Locator, count: number): Promise<void> {
  const pictures = strip.getByRole('button', { name: /^Vis foto/ }).locator('img');
  await expect(pictures).toHaveCount(count);
  for (let i = 0; i < count; i++) {
    await expect
      .poll(() => pictures.nth(i).evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
  }
}

test('a residence taken along with its photos shows them offline, and its removal takes them away', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'photos are looked at offline on the phone');
  test.setTimeout(180_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const residence = rows.filter((r) => r.assessmentId === null)[160]!;
  const assessmentId = await api<string>(
    request,
    token,
    `/api/v2/assessment/createnewassessment?propertyId=${residence.residenceId}`,
  );
  const questions = await api<Question[]>(request, token, `/api/v2/questions?assessmentId=${assessmentId}`);
  const first = questions.find((q) => q.chapterKind === 'screening' && q.id === '001')!;
  const camera = (takenAt: string) => Buffer.from(cameraJpeg({ width: 800, height: 600, takenAt }));
  const photos = [
    await upload(request, token, { residenceId: residence.residenceId }, camera('2026:11:29 08:00:00')),
    await upload(
      request,
      token,
      { residenceId: residence.residenceId, assessmentId, questionUniqueId: first.uniqueId },
      camera('2026:11:29 08:05:00'),
    ),
  ];

  // Online, the residence is taken along with its photos.
  await signInWithToken(page, token, `/residence/${residence.residenceId}`);
  await waitForServiceWorker(page);
  await page.getByRole('checkbox', { name: 'Med fotos' }).check();
  await page.getByRole('button', { name: 'Tag med offline' }).click();
  const status = page.getByRole('status', { name: 'Tag med offline' });
  await expect(status).toContainText(/boliger er taget med offline/, { timeout: 60_000 });
  await expect(page.getByText('Taget med offline med 2 fotos')).toBeVisible();
  expect((await keptPhotos(page)).sort((a, b) => a.photoId.localeCompare(b.photoId))).toEqual(
    photos
      .map((p) => ({ photoId: p.photoId, size: p.size }))
      .sort((a, b) => a.photoId.localeCompare(b.photoId)),
  );

  // In the basement, with nothing in the browser's HTTP cache: the device's copies show.
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  await context.setOffline(true);
  await page.reload();
  await tellPageItIsOffline(context);
  const ofResidence = page.getByRole('region', { name: 'Fotos: boligen' });
  await expectPicturesShown(ofResidence, 1);
  await ofResidence.getByRole('button', { name: /^Vis foto 1 af 1/ }).click();
  const viewer = page.getByRole('dialog', { name: 'Foto 1 af 1' });
  await expect(viewer.getByRole('img', { name: 'Foto 1 af 1' })).toBeVisible();
  await expect(viewer.getByText('Fotoet kan ikke vises uden forbindelse.')).toHaveCount(0);
  await expectAccessible(page, 'a kept photo opened large offline');
  await page.keyboard.press('Escape');
  await expect(viewer).toHaveCount(0);

  await navigateInApp(page, `/assessment/${residence.residenceId}/${assessmentId}/screening/001`);
  const intro = page.getByRole('dialog').getByRole('button', { name: 'Start screening' });
  await intro.click();
  await expectPicturesShown(page.getByRole('region', { name: /^Fotos: / }), 1);

  // Online again, the storage panel counts them; removing the residence removes them.
  await context.setOffline(false);
  await navigateInApp(page, '/offline');
  await expect(page.getByText(/^Heraf fotos, der er taget med for at kunne ses offline:/)).toBeVisible();
  const item = page.getByRole('listitem').filter({ hasText: residence.location });
  await expect(item).toContainText('med 2 fotos');
  await item.getByRole('button', { name: /^Fjern .* fra enheden$/ }).click();
  await expect(item).toHaveCount(0);
  await expect.poll(() => keptPhotos(page)).toEqual([]);
});
