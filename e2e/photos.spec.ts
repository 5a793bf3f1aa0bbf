import { createHash } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import type { PhotoInfo } from '../shared/contract/photos';
import { cameraJpeg } from '../tests/fixtures/camera-jpeg';
import { expect, test } from './test';
import {
  answerCurrent,
  api,
  bigDepartment,
  demoToken,
  expectAccessible,
  isDemoAssessment,
  signInWithToken,
  startScreeningOffline,
  storedOutbox,
  tellPageItIsOffline,
  waitForServiceWorker,
} from './fixtures';

/**
 * Photos taken at a door without signal (docs/architecture.md "Photos"): made small on the
 * device, kept in IndexedDB beside the outbox, and sent once the connection is back, behind the
 * create of the assessment started offline. The server ends with exactly the photos the device
 * stored, byte for byte, on the questions they were taken on.
 */

/** The photos the device holds: id, question and the sha256 of the stored bytes. */
function storedPhotos(
  page: Page,
): Promise<{ photoId: string; questionUniqueId: string | null; sha256: string }[]> {
  return page.evaluate(async () => {
    const open = indexedDB.open('boligtilgaengelighed');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const read = db.transaction('photos', 'readonly').objectStore('photos').getAll();
    const rows = await new Promise<
      { photoId: string; questionUniqueId: string | null; bytes: ArrayBuffer }[]
    >((resolve, reject) => {
      read.onsuccess = () => resolve(read.result);
      read.onerror = () => reject(read.error);
    });
    db.close();
    const hex = (buffer: ArrayBuffer) =>
      [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, '0')).join('');
    return Promise.all(
      rows.map(async (row) => ({
        photoId: row.photoId,
        questionUniqueId: row.questionUniqueId,
        sha256: hex(await crypto.subtle.digest('SHA-256', row.bytes)),
      })),
    );
  });
}

/**
 * How many photos the server lists for the assessment ("3 photos"), or the status while it
 * answers none: 404 until the create of an assessment started offline has arrived.
 */
async function photosOnServer(request: APIRequestContext, token: string, assessmentId: string) {
  const response = await request.get(`/api/v2/photos?assessmentId=${assessmentId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return response.status() === 200
    ? `${((await response.json()) as PhotoInfo[]).length} photos`
    : response.status();
}

/** "Tag foto" on the current question, answered by the file chooser with a camera's photo. */
async function takePhoto(page: Page, photo: Buffer, name: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: /^Tag foto til/ }).click();
  await (await chooser).setFiles({ name, mimeType: 'image/jpeg', buffer: photo });
}

test('photos taken offline on an assessment started offline reach the server once, byte for byte', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is where photos are taken');
  test.setTimeout(180_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const free = rows.filter((r) => r.assessmentId === null);
  const residence = free[140]!;
  const draft = rows.find((r) => r.assessmentStatus === 'draft' && isDemoAssessment(r.assessmentId))!;
  // Two camera photos of 12 megapixels with GPS and the camera's make in their EXIF.
  const photos = [
    Buffer.from(cameraJpeg({ width: 4000, height: 3000, gps: true, takenAt: '2026:11:28 10:15:00' })),
    Buffer.from(cameraJpeg({ width: 3000, height: 4000, gps: true, takenAt: '2026:11:28 10:16:30' })),
  ];

  const assessmentId = await startScreeningOffline(page, context, token, {
    draft,
    residenceId: residence.residenceId,
  });

  const strip = page.getByRole('region', { name: /^Fotos:/ });
  await takePhoto(page, photos[0]!, 'IMG_0001.jpg');
  await expect(strip.getByRole('button', { name: /^Vis foto 1 af 1/ })).toBeVisible({ timeout: 20_000 });
  await takePhoto(page, photos[1]!, 'IMG_0002.jpg');
  await expect(strip.getByRole('button', { name: /^Vis foto 2 af 2/ })).toBeVisible({ timeout: 20_000 });
  await expect(strip.getByText('Venter på at blive sendt')).toHaveCount(2);

  await page.getByRole('button', { name: 'Næste' }).click();
  await expect(page).toHaveURL(/\/screening\/002$/);
  await takePhoto(page, photos[0]!, 'IMG_0003.jpg');
  await expect(strip.getByRole('button', { name: /^Vis foto 1 af 1/ })).toBeVisible({ timeout: 20_000 });

  // Twice through a reload: the photos stay, with their uploads queued behind the create.
  for (let i = 0; i < 2; i++) {
    await page.reload();
    await expect(page.getByRole('button', { name: 'Næste' })).toBeVisible();
    await expect(strip.getByRole('button', { name: /^Vis foto 1 af 1/ })).toBeVisible();
  }
  const device = await storedPhotos(page);
  expect(device).toHaveLength(3);
  const kinds = (await storedOutbox<{ kind: string; assessmentId: string }>(page))
    .filter((e) => e.assessmentId === assessmentId)
    .map((e) => e.kind);
  expect(kinds).toEqual(['create', 'photo', 'photo', 'photo']);
  // Made small on the device: none is the camera's file.
  const cameraHashes = photos.map((p) => createHash('sha256').update(p).digest('hex'));
  expect(device.some((p) => cameraHashes.includes(p.sha256))).toBe(false);

  await context.setOffline(false);
  // The assessment is a 404 until its create has arrived; then its photos follow.
  await expect.poll(() => photosOnServer(request, token, assessmentId), { timeout: 60_000 }).toBe('3 photos');
  const server = await api<PhotoInfo[]>(request, token, `/api/v2/photos?assessmentId=${assessmentId}`);
  expect(server.map((p) => [p.photoId, p.sha256]).sort()).toEqual(
    device.map((p) => [p.photoId, p.sha256]).sort(),
  );
  // Each on the question it was taken on: two on the first, one on the second.
  for (const photo of device)
    expect(server.find((p) => p.photoId === photo.photoId)!.questionUniqueId).toBe(photo.questionUniqueId);
  const perQuestion = new Map<string | null, number>();
  for (const photo of server)
    perQuestion.set(photo.questionUniqueId, (perQuestion.get(photo.questionUniqueId) ?? 0) + 1);
  expect([...perQuestion.values()].sort()).toEqual([1, 2]);
  // The bytes the server gives back are the ones the device stored, without the camera's EXIF.
  for (const photo of server) {
    const bytes = await (
      await request.get(`/api/v2/photos/${photo.photoId}`, { headers: { authorization: `Bearer ${token}` } })
    ).body();
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(photo.sha256);
    expect(bytes.includes(Buffer.from('Exif\0\0'))).toBe(false);
    expect(photo.takenAt).not.toBeNull();
  }
  // The device let them go once the server had them.
  await expect.poll(async () => (await storedPhotos(page)).length).toBe(0);
});

test('a photo of the residence is sent at once online, opens large, and can be deleted', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  // A free residence of its own per project: the specs run side by side.
  const residence = rows.filter((r) => r.assessmentId === null)[
    testInfo.project.name === 'phone' ? 150 : 151
  ]!;
  const photo = Buffer.from(cameraJpeg({ width: 2000, height: 1500, takenAt: '2026:11:28 09:00:00' }));

  await signInWithToken(page, token, `/residence/${residence.residenceId}`);
  const ofResidence = page.getByRole('region', { name: 'Fotos: boligen' });
  await expect(ofResidence.getByText('Ingen fotos endnu.')).toHaveCount(0);
  await takePhoto(page, photo, 'boligen.jpg');
  const thumb = ofResidence.getByRole('button', { name: /^Vis foto 1 af 1/ });
  await expect(thumb).toBeVisible({ timeout: 20_000 });
  // Sent at once online: the server lists it as the residence's own.
  await expect
    .poll(
      async () =>
        (await api<PhotoInfo[]>(request, token, `/api/v2/photos?residenceId=${residence.residenceId}`))
          .length,
    )
    .toBe(1);
  await expect(ofResidence.getByText('Venter på at blive sendt')).toHaveCount(0);
  await expectAccessible(page, 'residence with a photo');

  await thumb.click();
  const viewer = page.getByRole('dialog', { name: 'Foto 1 af 1' });
  await expect(viewer.getByRole('img', { name: 'Foto 1 af 1' })).toBeVisible();
  await expect(viewer).toContainText('Taget 28.11.26');
  await expectAccessible(page, 'photo opened large');
  await viewer.getByRole('button', { name: 'Slet foto' }).click();
  await viewer.getByRole('button', { name: 'Slet foto' }).click();
  await expect(viewer).toHaveCount(0);
  await expect(thumb).toHaveCount(0);
  await expect
    .poll(
      async () =>
        (await api<PhotoInfo[]>(request, token, `/api/v2/photos?residenceId=${residence.residenceId}`))
          .length,
    )
    .toBe(0);
});

test('a photo deleted without signal is gone at once, after a reload too, and from the server once online', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is where photos are deleted at the door');
  test.setTimeout(120_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const residence = rows.filter((r) => r.assessmentId === null)[155]!;
  const onServer = async () =>
    (await api<PhotoInfo[]>(request, token, `/api/v2/photos?residenceId=${residence.residenceId}`)).length;

  await signInWithToken(page, token, `/residence/${residence.residenceId}`);
  await waitForServiceWorker(page);
  const ofResidence = page.getByRole('region', { name: 'Fotos: boligen' });
  await takePhoto(page, Buffer.from(cameraJpeg({ width: 1600, height: 1200 })), 'boligen.jpg');
  const thumb = ofResidence.getByRole('button', { name: /^Vis foto 1 af 1/ });
  await expect(thumb).toBeVisible({ timeout: 20_000 });
  await expect.poll(onServer).toBe(1);
  await expect(ofResidence.getByText('Venter på at blive sendt')).toHaveCount(0);

  await context.setOffline(true);
  await tellPageItIsOffline(context);
  await thumb.click();
  const viewer = page.getByRole('dialog', { name: 'Foto 1 af 1' });
  await viewer.getByRole('button', { name: 'Slet foto' }).click();
  await viewer.getByRole('button', { name: 'Slet foto' }).click();
  await expect(viewer).toHaveCount(0);
  // The deletion waits in the outbox; the list the server gave still names the photo.
  await expect(thumb).toHaveCount(0);
  expect((await storedOutbox<{ kind: string }>(page)).map((e) => e.kind)).toEqual(['deletePhoto']);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(ofResidence.getByRole('button', { name: /^Tag foto til/ })).toBeVisible();
  await expect(ofResidence.getByRole('button', { name: /^Vis foto/ })).toHaveCount(0);
  expect(await onServer()).toBe(1);

  await context.setOffline(false);
  await expect.poll(onServer, { timeout: 60_000 }).toBe(0);
  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 30_000 }).toBe(0);
  await expect(ofResidence.getByRole('button', { name: /^Vis foto/ })).toHaveCount(0);
});

test('a full device refuses a new photo with a message, and keeps the answers and the photos taken before', async ({
  page,
  request,
  context,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the phone is what the assessor carries');
  test.setTimeout(150_000);
  const token = await demoToken(request, 'skriver');
  const { rows } = await bigDepartment(request, token);
  const residence = rows.filter((r) => r.assessmentId === null)[160]!;
  const draft = rows.find((r) => r.assessmentStatus === 'draft' && isDemoAssessment(r.assessmentId))!;
  const photo = Buffer.from(cameraJpeg({ width: 2000, height: 1500, takenAt: '2026:11:28 09:00:00' }));
  // A device that fills up once the test says so: IndexedDB refuses a new photo's bytes as a full
  // origin does (installed before any page script, so Dexie calls the wrapped add).
  await page.addInitScript(() => {
    const add = IDBObjectStore.prototype.add;
    IDBObjectStore.prototype.add = function (this: IDBObjectStore, value: unknown, key?: IDBValidKey) {
      if (this.name === 'photos' && (window as { __e2eFull?: boolean }).__e2eFull)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      return key === undefined ? add.call(this, value) : add.call(this, value, key);
    };
  });
  const assessmentId = await startScreeningOffline(page, context, token, {
    draft,
    residenceId: residence.residenceId,
  });
  await answerCurrent(page);
  await takePhoto(page, photo, 'first.jpg');
  const strip = page.getByRole('region', { name: /^Fotos:/ });
  await expect(strip.getByRole('button', { name: /^Vis foto 1 af 1/ })).toBeVisible({ timeout: 20_000 });

  await page.evaluate(() => {
    (window as { __e2eFull?: boolean }).__e2eFull = true;
  });
  await takePhoto(page, photo, 'second.jpg');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Der er ikke plads til flere fotos på enheden.' }),
  ).toBeVisible({
    timeout: 20_000,
  });
  await expect(strip.getByRole('button', { name: /^Vis foto/ })).toHaveCount(1);
  const kinds = (await storedOutbox<{ kind: string; assessmentId: string }>(page))
    .filter((e) => e.assessmentId === assessmentId)
    .map((e) => e.kind);
  expect(kinds).toEqual(['create', 'answer', 'photo']);
  expect(await storedPhotos(page)).toHaveLength(1);

  await context.setOffline(false);
  await expect.poll(() => photosOnServer(request, token, assessmentId), { timeout: 60_000 }).toBe('1 photos');
  await expect.poll(async () => (await storedOutbox(page)).length, { timeout: 30_000 }).toBe(0);
});
