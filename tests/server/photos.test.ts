import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PHOTO_BYTES } from '../../shared/contract/limits';
import type { PhotoInfo } from '../../shared/contract/photos';
import type { StaticContent } from '../../shared/contract/static-content';
import { CHUNK_BYTES, pruneAbandonedUploads } from '../../server/src/domain/photo-store';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

/**
 * The photo calls (docs/api.md "Extensions", photos): the type by the bytes, the size limit, an
 * upload cut short, a repeated key, the bytes back as they went in, and who may do what.
 */

/** JPEG's signature and random bytes: what the server checks of a photo is its first bytes. */
const jpeg = (size: number) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(size - 4)]);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A multipart body with the photo as its one file part. */
function multipart(bytes: Buffer, options: { filename?: string; type?: string; cut?: number } = {}) {
  const boundary = `----photo${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="photo"; filename="${options.filename ?? 'foto.jpg'}"\r\n` +
      `Content-Type: ${options.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const body = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return {
    payload: options.cut === undefined ? body : body.subarray(0, head.length + options.cut),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describe.each(DATABASES)('photos on $name', ({ admin }) => {
  let t: TestApp;
  const tokens: Record<string, string> = {};
  let ownOrg: string;
  let residence: string;
  let draft: string;
  let approved: { id: string; residenceId: string };

  const upload = (
    user: string,
    bytes: Buffer,
    query: Record<string, string> = {},
    options: { key?: string; filename?: string; type?: string; cut?: number } = {},
  ) => {
    const { payload, contentType } = multipart(bytes, options);
    const params = new URLSearchParams({ photoId: randomUUID(), residenceId: residence, ...query });
    return t.app.inject({
      method: 'POST',
      url: `/api/v2/photos?${params}`,
      headers: {
        ...bearer(tokens[user]!),
        'content-type': contentType,
        'idempotency-key': options.key ?? randomUUID(),
      },
      payload,
    });
  };
  const get = (user: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...bearer(tokens[user]!), ...headers } });
  const stored = async () =>
    Number(
      (
        await t.app.db
          .selectFrom('photos')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    for (const user of ['skriver', 'laeser', 'flere']) tokens[user] = await demoToken(t.app, user);
    ownOrg = (await organizationsOf(t.app.db, 'skriver'))[0]!;
    [residence] = await residencesWithoutAssessment(t.app.db, ownOrg, { limit: 1 });
    draft = (
      await get('skriver', `/api/v2/assessment/createnewassessment?propertyId=${residence}`)
    ).json<string>();
    approved = await t.app.db
      .selectFrom('assessments')
      .select(['id', 'residence_id as residenceId'])
      .where('organization_id', '=', ownOrg)
      .where('status', '=', 'approved')
      .executeTakeFirstOrThrow();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is announced, stores a photo of a question and gives its bytes back as they went in', async () => {
    const content = (await get('skriver', '/api/v2/staticcontent')).json<StaticContent>();
    expect(content.extensions).toContain('photos');
    // Over two chunks, so that the bytes come back from three rows in order.
    const bytes = jpeg(2 * CHUNK_BYTES + 1234);
    const response = await upload('skriver', bytes, {
      assessmentId: draft,
      questionUniqueId: 'ENT-01',
      takenAt: '2026-11-28T10:15:00+01:00',
    });
    expect(response.statusCode, response.body).toBe(200);
    const info = response.json<PhotoInfo>();
    expect(info).toMatchObject({
      residenceId: residence,
      assessmentId: draft,
      questionUniqueId: 'ENT-01',
      contentType: 'image/jpeg',
      size: bytes.length,
      sha256: sha256(bytes),
      takenAt: '2026-11-28T09:15:00.000Z',
    });
    expect(info.createdBy).toBeTruthy();
    const back = await get('laeser', `/api/v2/photos/${info.photoId}`);
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.equals(bytes)).toBe(true);
    expect(back.headers['content-type']).toBe('image/jpeg');
    expect(back.headers['cache-control']).toMatch(/^private/);
    const etag = back.headers.etag as string;
    expect(etag).toBe(`"${sha256(bytes)}"`);
    expect(
      (await get('laeser', `/api/v2/photos/${info.photoId}`, { 'if-none-match': etag })).statusCode,
    ).toBe(304);

    const ofAssessment = (await get('laeser', `/api/v2/photos?assessmentId=${draft}`)).json<PhotoInfo[]>();
    expect(ofAssessment.map((p) => p.photoId)).toEqual([info.photoId]);
    const ofResidence = (await get('laeser', `/api/v2/photos?residenceId=${residence}`)).json<PhotoInfo[]>();
    expect(ofResidence.map((p) => p.photoId)).toContain(info.photoId);
  });

  it('knows a photo by its bytes, never by its name or declared type', async () => {
    const png = readFileSync('public/icons/icon-192.png');
    const renamed = await upload('skriver', png, {}, { filename: 'foto.jpg', type: 'image/jpeg' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json<PhotoInfo>().contentType).toBe('image/png');

    const before = await stored();
    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const refused = await upload('skriver', html, {}, { filename: 'foto.jpg', type: 'image/jpeg' });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toMatchObject({ code: 'PHOTO_TYPE_NOT_ALLOWED' });
    const tiny = await upload('skriver', Buffer.from([0xff, 0xd8]));
    expect(tiny.statusCode).toBe(415);
    expect(await stored()).toBe(before);
  });

  it('refuses a photo over 5 MB and an upload cut short, and keeps nothing of either', async () => {
    const before = await stored();
    const big = await upload('skriver', jpeg(6 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ code: 'PHOTO_TOO_LARGE' });
    // Just over the limit, inside what the envelope's room lets through: the stream's limit bites.
    const over = await upload('skriver', jpeg(MAX_PHOTO_BYTES + 1));
    expect(over.statusCode).toBe(413);
    const cut = await upload('skriver', jpeg(CHUNK_BYTES * 2), {}, { cut: CHUNK_BYTES + 100 });
    expect(cut.statusCode).toBe(400);
    expect(await stored()).toBe(before);
    // No chunk of the refused uploads is left behind.
    const orphans = await t.app.db
      .selectFrom('photo_chunks as c')
      .leftJoin('photos as p', 'p.id', 'c.photo_id')
      .select('c.photo_id')
      .where('p.complete', 'is not', true)
      .execute();
    expect(orphans).toEqual([]);
  });

  it('stores a repeated key once, and refuses the key for another photo', async () => {
    const bytes = jpeg(5000);
    const key = randomUUID();
    const photoId = randomUUID();
    const first = await upload('skriver', bytes, { photoId }, { key });
    const before = await stored();
    const again = await upload('skriver', bytes, { photoId }, { key });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(await stored()).toBe(before);
    const other = await upload('skriver', jpeg(5000), { photoId }, { key });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    const sameIdNewKey = await upload('skriver', bytes, { photoId });
    expect(sameIdNewKey.json()).toMatchObject({ code: 'PHOTO_ID_TAKEN' });
    expect(await stored()).toBe(before);
  });

  it('lets readers look and writers add and delete, on editable assessments of their own organization', async () => {
    expect((await upload('laeser', jpeg(3000))).statusCode).toBe(403);
    const onApproved = await upload('skriver', jpeg(3000), {
      residenceId: approved.residenceId,
      assessmentId: approved.id,
    });
    expect(onApproved.statusCode).toBe(409);
    expect(onApproved.json()).toMatchObject({ code: 'ASSESSMENT_LOCKED' });
    expect((await upload('skriver', jpeg(3000), { assessmentId: approved.id })).statusCode).toBe(400);
    expect((await upload('skriver', jpeg(3000), { questionUniqueId: 'ENT-01' })).statusCode).toBe(400);
    expect(
      (await upload('skriver', jpeg(3000), { assessmentId: draft, questionUniqueId: 'NO-SUCH' })).statusCode,
    ).toBe(400);

    // Another organization's residence: flere may, skriver may neither add nor look.
    const [, otherOrg] = await organizationsOf(t.app.db, 'flere');
    const [elsewhere] = await residencesWithoutAssessment(t.app.db, otherOrg!, { limit: 1 });
    expect((await upload('skriver', jpeg(3000), { residenceId: elsewhere! })).statusCode).toBe(403);
    const theirs = (await upload('flere', jpeg(3000), { residenceId: elsewhere! })).json<PhotoInfo>();
    expect((await get('skriver', `/api/v2/photos/${theirs.photoId}`)).statusCode).toBe(403);
    expect((await get('skriver', `/api/v2/photos?residenceId=${elsewhere}`)).statusCode).toBe(403);
    expect((await get('skriver', `/api/v2/photos/${randomUUID()}`)).statusCode).toBe(404);
    expect((await get('skriver', '/api/v2/photos')).statusCode).toBe(400);

    const mine = (await upload('skriver', jpeg(3000), { assessmentId: draft })).json<PhotoInfo>();
    const remove = (user: string, id: string) =>
      t.app.inject({ method: 'DELETE', url: `/api/v2/photos/${id}`, headers: bearer(tokens[user]!) });
    expect((await remove('laeser', mine.photoId)).statusCode).toBe(403);
    expect((await remove('skriver', theirs.photoId)).statusCode).toBe(403);
    // Once the assessment is approved its photos are read-only, like its answers.
    await t.app.db.updateTable('assessments').set({ status: 'approved' }).where('id', '=', draft).execute();
    expect((await remove('skriver', mine.photoId)).statusCode).toBe(409);
    await t.app.db.updateTable('assessments').set({ status: 'draft' }).where('id', '=', draft).execute();
    expect((await remove('skriver', mine.photoId)).statusCode).toBe(204);
    expect((await get('skriver', `/api/v2/photos/${mine.photoId}`)).statusCode).toBe(404);
    expect((await remove('skriver', mine.photoId)).statusCode).toBe(404);
  });

  it('prunes an upload its process died in the middle of, a day later', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('user_name', '=', 'skriver')
      .executeTakeFirstOrThrow();
    const row = (id: string, hoursAgo: number) => ({
      id,
      organization_id: ownOrg,
      residence_id: residence,
      content_type: 'image/jpeg',
      created_by: user.id,
      idempotency_key: id,
      created_at: new Date(Date.now() - hoursAgo * 3600_000),
    });
    const [dead, alive] = [randomUUID(), randomUUID()];
    await t.app.db
      .insertInto('photos')
      .values([row(dead, 25), row(alive, 1)])
      .execute();
    await t.app.db
      .insertInto('photo_chunks')
      .values({ photo_id: dead, seq: 0, data: jpeg(100) })
      .execute();
    expect(await pruneAbandonedUploads(t.app.db)).toBe(1);
    const left = await t.app.db.selectFrom('photos').select('id').where('id', 'in', [dead, alive]).execute();
    expect(left.map((r) => r.id)).toEqual([alive]);
  });

  it('answers a broken multipart body and a time no photo was taken at with a 400, never a 500', async () => {
    const raw = (contentType: string, payload: Buffer | string, query: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v2/photos?${new URLSearchParams({ photoId: randomUUID(), residenceId: residence, ...query })}`,
        headers: { ...bearer(tokens.skriver!), 'content-type': contentType, 'idempotency-key': randomUUID() },
        payload,
      });
    // Found by the fuzz (tests/server/fuzz.test.ts): busboy's own errors were 500s.
    expect((await raw('multipart/form-data', 'garbage')).statusCode).toBe(400);
    expect((await raw('multipart/form-data; boundary=x', 'garbage')).statusCode).toBe(400);
    const { payload } = multipart(jpeg(2000));
    expect((await raw('multipart/form-data; boundary="ÿØ"', payload)).statusCode).toBe(400);
    expect(
      (
        await raw(
          'multipart/form-data; boundary=x',
          '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\n',
        )
      ).statusCode,
    ).toBe(400);
    for (const takenAt of ['2030-06-30T23:59:60Z', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-23:59']) {
      const response = await upload('skriver', jpeg(2000), { takenAt });
      expect(response.statusCode, takenAt).toBe(400);
    }
  });
});
