// @vitest-environment jsdom
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/api/http';
import { appDatabase } from '../../src/offline/db';
import { discardParked, enqueueAnswer, enqueueCreate } from '../../src/offline/outbox';
import { classifyFailure } from '../../src/offline/outbox-failures';
import { sendOutboxEntry } from '../../src/offline/outbox-sender';
import {
  enqueuePhoto,
  localPhotos,
  photosBeingDeleted,
  removePhoto,
  storedPhotoBytes,
  type PhotoInput,
} from '../../src/offline/photo-outbox';
import {
  ASSESSMENT,
  FakeServer,
  PROPERTY,
  USER_A,
  answer,
  cleanUp,
  fail,
  openDatabase,
  sender,
} from './outbox-helpers';

/**
 * Photos in the outbox (docs/architecture.md "Photos"): the bytes in a table of their own, the
 * upload an entry that names them, sent in the queue's order behind the assessment's create and
 * answers, exactly once, and nothing of a photo left behind when it is sent, deleted or refused.
 */

afterEach(async () => {
  vi.unstubAllGlobals();
  await cleanUp();
});

const NEW = '9b0c7a4e-5d1f-4b6a-8e2c-3f4a5b6c7d8e';
let serial = 0;
const photo = (overrides: Partial<PhotoInput> = {}): PhotoInput => ({
  photoId: `0000000${++serial}-1111-4111-8111-111111111111`.slice(-36),
  residenceId: PROPERTY,
  assessmentId: ASSESSMENT,
  questionUniqueId: 'ENT-01',
  ssoUuid: USER_A,
  bytes: new Uint8Array([0xff, 0xd8, 0xff, 0xe0, serial, 1, 2, 3]).buffer,
  contentType: 'image/jpeg',
  takenAt: '2026-11-28T10:15:00+01:00',
  locationText: 'Søndergade 12, 2. tv, 8000 Aarhus C',
  questionTitle: 'Dørens bredde',
  ...overrides,
});

describe('a photo in the outbox', () => {
  it('is stored with its upload in one go and sent behind its assessment’s create and answers, then leaves the device', async () => {
    const db = openDatabase();
    await enqueueCreate(db, { assessmentId: NEW, propertyId: PROPERTY, ssoUuid: USER_A, locationText: '' });
    await enqueueAnswer(db, answer('S01', { values: ['ja'] }, { assessmentId: NEW }));
    const first = await enqueuePhoto(db, photo({ assessmentId: NEW }));
    const second = await enqueuePhoto(
      db,
      photo({ assessmentId: null, questionUniqueId: null, questionTitle: '' }),
    );
    // The entry names the photo; the bytes are a row of their own.
    expect(first).not.toHaveProperty('bytes');
    expect(await storedPhotoBytes(db)).toBe(16);
    expect((await localPhotos(db, { assessmentId: NEW })).map((p) => p.photoId)).toEqual([first.photoId]);
    expect((await localPhotos(db, { residenceId: PROPERTY })).length).toBe(2);

    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(server.requests.map((r) => r.kind)).toEqual(['create', 'answer', 'photo', 'photo']);
    expect(server.photos).toEqual([first.photoId, second.photoId]);
    expect(await db.photos.count()).toBe(0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('is tried again after a lost reply with the same key, and after a 409 of its own upload still arriving', async () => {
    const db = openDatabase();
    const queued = await enqueuePhoto(db, photo());
    const server = new FakeServer().then(
      async (entry) => {
        server.apply(entry);
        throw new ApiError(0, 'Failed to fetch');
      },
      () => Promise.reject(new ApiError(409, 'in progress', { code: 'PHOTO_UPLOAD_IN_PROGRESS' })),
    );
    let clock = 1_000_000;
    const outbox = sender({ db, send: server.send, random: () => 0, now: () => clock });
    for (let attempt = 0; attempt < 3; attempt++) {
      await outbox.drain();
      clock += 60_000;
    }
    expect(server.requests.length).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    expect(new Set(server.requests.map((r) => r.idempotencyKey))).toEqual(new Set([queued.idempotencyKey]));
    expect(server.photos).toEqual([queued.photoId]);
    expect(classifyFailure(409, 'PHOTO_UPLOAD_IN_PROGRESS')).toBe('transient');
    expect(classifyFailure(409, 'IDEMPOTENCY_KEY_REUSED')).toBe('refused');
  });

  it('deleted before it was sent, leaves nothing and sends nothing; deleted after, sends one DELETE', async () => {
    const db = openDatabase();
    const waiting = await enqueuePhoto(db, photo());
    const removal = { ...waiting, residenceId: PROPERTY, assessmentId: ASSESSMENT, locationText: '' };
    await removePhoto(db, removal);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);

    await removePhoto(db, { ...removal, photoId: 'on-the-server' });
    await removePhoto(db, { ...removal, photoId: 'on-the-server' });
    expect(await photosBeingDeleted(db)).toEqual(new Set(['on-the-server']));
    const server = new FakeServer();
    await sender({ db, send: server.send }).drain();
    expect(server.deletedPhotos).toEqual(['on-the-server']);
    expect(server.requests.map((r) => r.kind)).toEqual(['deletePhoto']);
  });

  it('refused and discarded, takes its bytes along; so does the discarded create of its assessment', async () => {
    const db = openDatabase();
    const refused = await enqueuePhoto(db, photo());
    const server = new FakeServer().then(fail(415, 'not a photo'));
    await sender({ db, send: server.send }).drain();
    const parked = (await db.outbox.toArray()).find((e) => e.id === refused.id)!;
    expect(parked.state).toBe('parked');
    expect(await discardParked(db, parked.id)).toBe(true);
    expect(await db.photos.count()).toBe(0);

    const create = await enqueueCreate(db, {
      assessmentId: NEW,
      propertyId: PROPERTY,
      ssoUuid: USER_A,
      locationText: '',
    });
    await enqueuePhoto(db, photo({ assessmentId: NEW }));
    await db.outbox.update(create.id, { state: 'parked' });
    expect(await discardParked(db, create.id)).toBe(true);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.photos.count()).toBe(0);
  });

  it('is refused whole on a full device, and what was queued before stays', async () => {
    const db = openDatabase();
    await enqueueAnswer(db, answer('q1', { numericValue: 4 }));
    await enqueuePhoto(db, photo());
    const full = vi
      .spyOn(db.photos, 'add')
      .mockRejectedValueOnce(new DOMException('full', 'QuotaExceededError'));
    await expect(enqueuePhoto(db, photo())).rejects.toMatchObject({ name: 'QuotaExceededError' });
    full.mockRestore();
    expect((await db.outbox.toArray()).map((e) => e.kind)).toEqual(['answer', 'photo']);
    expect(await db.photos.count()).toBe(1);
  });
});

describe('the upload request', () => {
  it('sends the stored bytes as multipart with the fields in the query and the entry’s key', async () => {
    const entry = await enqueuePhoto(appDatabase(), photo());
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ photoId: entry.photoId }), {
          status: 200,
          headers: { 'content-type': 'application/json' },
        }),
    );
    vi.stubGlobal('fetch', fetch);
    await sendOutboxEntry(entry);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const sent = new URL(url, 'http://x');
    expect(sent.pathname).toBe('/api/v2/photos');
    expect(Object.fromEntries(sent.searchParams)).toEqual({
      photoId: entry.photoId,
      residenceId: PROPERTY,
      assessmentId: ASSESSMENT,
      questionUniqueId: 'ENT-01',
      takenAt: '2026-11-28T10:15:00+01:00',
    });
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toBe(entry.idempotencyKey);
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
    const file = (init.body as FormData).get('photo') as Blob;
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(
      new Uint8Array((await appDatabase().photos.get(entry.photoId))!.bytes),
    );

    // Bytes gone from the device: refused, so the entry is parked rather than taken as sent.
    await appDatabase().photos.delete(entry.photoId);
    await expect(sendOutboxEntry(entry)).rejects.toMatchObject({ status: 400 });
    await appDatabase().delete();
  });
});
