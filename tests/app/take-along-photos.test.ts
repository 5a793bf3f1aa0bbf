// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import type { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { photosQueryOptions } from '../../src/api/photos';
import { createQueryClient } from '../../src/app/query-client';
import { isKeptOffline, offlineRegistry, resetOfflineRegistry } from '../../src/offline/client-state';
import { appDatabase } from '../../src/offline/db';
import { dropKeptPhotos, keptPhotoBytes } from '../../src/offline/kept-photos';
import { takeAlong } from '../../src/offline/take-along/take-along';
import type { Preloader, TakeAlongRequest } from '../../src/offline/take-along/take-along-types';
import { json } from './test-render';

/**
 * "Med fotos" (docs/architecture.md "Photos", "Taken along with photos"): a take along that asks
 * for photos keeps the residence's photo lists and a copy of each photo on the device, fetches a
 * photo it holds once only, lets go of photos deleted on the server, and on a full device keeps
 * nothing of the run.
 */

const RESIDENCE = 'r1';
const ASSESSMENT = 'a1';

interface ServerPhoto {
  photoId: string;
  assessmentId: string | null;
  bytes: number[];
}

function stubServer(photos: ServerPhoto[], options: { failPhoto?: string } = {}) {
  const bytesAsked: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      const path = url.pathname;
      const photo = /\/api\/v2\/photos\/([^/]+)$/.exec(path);
      if (photo) {
        const id = decodeURIComponent(photo[1]!);
        bytesAsked.push(id);
        if (id === options.failPhoto) throw new TypeError('Failed to fetch');
        const found = photos.find((p) => p.photoId === id)!;
        return new Response(new Uint8Array(found.bytes), { headers: { 'content-type': 'image/jpeg' } });
      }
      if (path.endsWith('/api/v2/photos'))
        return json(
          photos.map((p) => ({
            photoId: p.photoId,
            residenceId: RESIDENCE,
            assessmentId: p.assessmentId,
            questionUniqueId: p.assessmentId ? 'q1' : null,
            contentType: 'image/jpeg',
            size: p.bytes.length,
            sha256: 'x',
            takenAt: null,
            createdAt: '2026-11-29T08:00:00.000Z',
            createdBy: 'u1',
          })),
        );
      if (path.endsWith('/getproperty'))
        return json({
          id: RESIDENCE,
          beliggenhed: 'Testvej 1, 8000',
          departmentId: 'd1',
          departmentName: 'Afd. 1',
          isConverted: false,
          vurderinger: [
            { vurderingId: ASSESSMENT, boligId: RESIDENCE, vurderingsStatus: 'draft', konverteret: false },
          ],
        });
      if (path.endsWith('/getassessment'))
        return json({ assessmentId: ASSESSMENT, assessmentStatus: 'draft' });
      if (path.endsWith('/questions')) return json([{ id: '001', uniqueId: 'q1', chapterKind: 'screening' }]);
      if (path.endsWith('/getassessmentscores')) return json([]);
      if (path.endsWith('/staticcontent'))
        return json({
          translationSettings: { translations: {} },
          helpScreenSettings: { helpScreenPerQuestion: {} },
        });
      throw new Error(`unexpected ${path}`);
    }),
  );
  return bytesAsked;
}

/** The residence and assessment loaders, as `router.preloadRoute` runs them. */
const preloader = (queryClient: QueryClient): Preloader => ({
  department: () => Promise.resolve(),
  residence: (propertyId) => queryClient.ensureQueryData(propertyQueryOptions(propertyId)),
  assessment: (propertyId, assessmentId) =>
    Promise.all([
      queryClient.ensureQueryData(assessmentQueryOptions(assessmentId, propertyId)),
      queryClient.ensureQueryData(questionsQueryOptions(assessmentId)),
    ]).catch(() => undefined),
});

const request = (withPhotos: boolean): TakeAlongRequest => ({
  kind: 'residences',
  organizationId: 'org-1',
  residences: [{ id: RESIDENCE, location: 'Testvej 1, 8000' }],
  withPhotos,
});

const run = (queryClient: QueryClient, withPhotos = true) =>
  takeAlong(request(withPhotos), {
    queryClient,
    preload: preloader(queryClient),
    persistence: null,
    signal: new AbortController().signal,
    onProgress: () => {},
  });

const kept = async () =>
  (await appDatabase().keptPhotos.toArray())
    .map((row) => ({ photoId: row.photoId, bytes: [...new Uint8Array(row.bytes)] }))
    .sort((a, b) => a.photoId.localeCompare(b.photoId));

const ON_RESIDENCE: ServerPhoto = { photoId: 'p1', assessmentId: null, bytes: [1, 2, 3] };
const ON_QUESTION: ServerPhoto = { photoId: 'p2', assessmentId: ASSESSMENT, bytes: [4, 5, 6, 7] };

beforeEach(async () => {
  localStorage.clear();
  resetOfflineRegistry();
  await appDatabase().keptPhotos.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('take along with photos', () => {
  it('keeps the photo lists, for the residence and per assessment, and a copy of every photo', async () => {
    stubServer([ON_RESIDENCE, ON_QUESTION]);
    const queryClient = createQueryClient(() => {});
    const result = await run(queryClient);

    expect(result).toMatchObject({ phase: 'done', done: 1, failed: 0 });
    expect(await kept()).toEqual([
      { photoId: 'p1', bytes: [1, 2, 3] },
      { photoId: 'p2', bytes: [4, 5, 6, 7] },
    ]);
    expect(await keptPhotoBytes()).toBe(7);
    expect(offlineRegistry().residences[RESIDENCE]?.photos).toEqual({ count: 2, bytes: 7 });
    const ofAssessment = photosQueryOptions({ assessmentId: ASSESSMENT }).queryKey;
    expect(queryClient.getQueryData(ofAssessment)?.map((p) => p.photoId)).toEqual(['p2']);
    for (const key of [photosQueryOptions({ residenceId: RESIDENCE }).queryKey, ofAssessment]) {
      expect(isKeptOffline(key), JSON.stringify(key)).toBe(true);
      expect(queryClient.getQueryCache().find({ queryKey: key, exact: true })?.gcTime).toBe(Infinity);
    }
    expect(isKeptOffline(photosQueryOptions({ residenceId: 'elsewhere' }).queryKey)).toBe(false);
  });

  it('fetches a photo it holds once only, and lets go of one deleted on the server', async () => {
    stubServer([ON_RESIDENCE, ON_QUESTION]);
    await run(createQueryClient(() => {}));
    const asked = stubServer([ON_QUESTION, { photoId: 'p3', assessmentId: null, bytes: [8] }]);
    const result = await run(createQueryClient(() => {}));

    expect(result.phase).toBe('done');
    expect(asked).toEqual(['p3']);
    expect((await kept()).map((row) => row.photoId)).toEqual(['p2', 'p3']);
    expect(offlineRegistry().residences[RESIDENCE]?.photos).toEqual({ count: 2, bytes: 5 });
  });

  it('asks for no photo unless asked to, and keeps the photos an earlier run took', async () => {
    stubServer([ON_RESIDENCE]);
    await run(createQueryClient(() => {}));
    const asked = stubServer([ON_RESIDENCE]);
    const fetches = vi.mocked(fetch);
    await run(
      createQueryClient(() => {}),
      false,
    );

    expect(asked).toEqual([]);
    expect(fetches.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('/photos'))).toEqual(
      [],
    );
    expect((await kept()).map((row) => row.photoId)).toEqual(['p1']);
    expect(offlineRegistry().residences[RESIDENCE]?.photos).toEqual({ count: 1, bytes: 3 });
  });

  it('a photo that does not arrive counts the residence as not fetched whole; its answers are kept', async () => {
    stubServer([ON_RESIDENCE, ON_QUESTION], { failPhoto: 'p2' });
    const result = await run(createQueryClient(() => {}));

    expect(result).toMatchObject({ phase: 'done', done: 1, failed: 1 });
    expect(offlineRegistry().residences[RESIDENCE]).toMatchObject({ assessmentIds: [ASSESSMENT] });
    expect(offlineRegistry().residences[RESIDENCE]?.photos).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it('a device too full for the photos keeps nothing of the run', async () => {
    stubServer([ON_RESIDENCE, ON_QUESTION]);
    const bulkPut = vi
      .spyOn(appDatabase().keptPhotos, 'bulkPut')
      .mockRejectedValue(new DOMException('The quota has been exceeded.', 'QuotaExceededError'));
    const queryClient = createQueryClient(() => {});
    const result = await run(queryClient);

    expect(bulkPut).toHaveBeenCalled();
    expect(result.phase).toBe('quota');
    expect(offlineRegistry().residences).toEqual({});
    expect(queryClient.getQueryData(propertyQueryOptions(RESIDENCE).queryKey)).toBeUndefined();
    expect(await kept()).toEqual([]);
  });

  it('removal of residences drops their kept photos and no other', async () => {
    await appDatabase().keptPhotos.bulkPut([
      {
        photoId: 'p1',
        residenceId: 'r1',
        bytes: new ArrayBuffer(2),
        contentType: 'image/jpeg',
        size: 2,
        keptAt: 1,
      },
      {
        photoId: 'p9',
        residenceId: 'r9',
        bytes: new ArrayBuffer(3),
        contentType: 'image/jpeg',
        size: 3,
        keptAt: 1,
      },
    ]);
    await dropKeptPhotos(['r1']);
    expect((await kept()).map((row) => row.photoId)).toEqual(['p9']);
  });
});
