import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import type { QuestionDef } from '../../shared/rules/catalogue';
import { SCREENED_HANDICAPS } from '../../shared/rules/handicaps';
import { handicapScores, progress } from '../../shared/rules/scoring';
import {
  excludedHandicaps,
  handicapsForEvaluation,
  isCalculated,
  isScreeningComplete,
  type AnswerValue,
} from '../../shared/rules/screening';
import { NO_DATE } from '../../shared/rules/statuses';
import { loadQuestions } from '../../server/src/domain/catalogue';
import {
  bearer,
  DATABASES,
  demoToken,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

const USERS = ['skriver', 'laeser', 'flere', 'uden-org'] as const;
type User = (typeof USERS)[number];

const SCORE_TEXT =
  /^(Egnet \((8[5-9]|9\d|100) %\)|Delvist egnet \(([5-9]\d) %\)|Ikke egnet \((\d|[1-4]\d) %\)|Ikke egnet \(screening\)|Ikke vurderet)$/;

interface AssessmentRef {
  id: string;
  residenceId: string;
}

describe.each(DATABASES)('assessment endpoints on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  let ownOrg: string;
  let otherOrg: string;
  /** An approved assessment (no future date) of ownOrg. */
  let approved: AssessmentRef;
  /** An approved assessment of otherOrg. */
  let foreignApproved: AssessmentRef;
  /** A residence of ownOrg without any assessment. */
  let freeResidence: string;
  let foreignResidence: string;
  let questions: QuestionDef[];

  const request = (user: User | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? bearer(tokens[user]) : {}, payload: payload as never });
  const get = (user: User | null, url: string) => request(user, 'GET', url);

  const answersOf = async (assessmentId: string) =>
    t.app.db
      .selectFrom('answers')
      .selectAll()
      .where('assessment_id', '=', assessmentId)
      .orderBy('question_unique_id')
      .execute();
  const answerMap = async (assessmentId: string) =>
    new Map<string, AnswerValue>(
      (await answersOf(assessmentId)).map((a) => [
        a.question_unique_id,
        { values: a.values, numericValue: a.numeric_value },
      ]),
    );
  const assessmentRow = (id: string) =>
    t.app.db.selectFrom('assessments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  const create = async (user: User, propertyId: string, source?: string, version: 'v1' | 'v2' = 'v2') => {
    const query = `propertyId=${propertyId}${source !== undefined ? `&sourceAssessmentIdToCopyFrom=${source}` : ''}`;
    return get(user, `/api/${version}/assessment/createnewassessment?${query}`);
  };
  const createOk = async (user: User, propertyId: string, source?: string) => {
    const response = await create(user, propertyId, source);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<string>();
  };
  const abandon = (user: User, assessmentId: string, propertyId: string, version: 'v1' | 'v2' = 'v2') =>
    request(
      user,
      version === 'v2' ? 'POST' : 'GET',
      `/api/${version}/assessment/abandonassessment?assessmentId=${assessmentId}&propertyId=${propertyId}`,
    );

  beforeAll(async () => {
    t = await startTestApp(admin);
    for (const user of USERS) tokens[user] = await demoToken(t.app, user);
    const db = t.app.db;
    ownOrg = (await organizationsOf(db, 'skriver'))[0]!;
    otherOrg = (await organizationsOf(db, 'flere')).find((id) => id !== ownOrg)!;
    const approvedOf = async (org: string) => {
      const row = await db
        .selectFrom('assessments')
        .select(['id', 'residence_id'])
        .where('organization_id', '=', org)
        .where('status', '=', 'approved')
        .where('future_approved_date', 'is', null)
        .where('converted', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      return { id: row.id, residenceId: row.residence_id };
    };
    approved = await approvedOf(ownOrg);
    foreignApproved = await approvedOf(otherOrg);
    freeResidence = (await residencesWithoutAssessment(db, ownOrg, { limit: 1 }))[0]!;
    foreignResidence = foreignApproved.residenceId;
    questions = await loadQuestions(db);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectForbidden = (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode).toBe(403);
    expect(Object.keys(response.json()).sort()).toEqual(['code', 'message']);
  };
  const expectBadRequest = (response: Awaited<ReturnType<typeof get>>) => {
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/application\/json/);
    expect(response.json().message).toEqual(expect.any(String));
  };

  describe('GET /api/v2/assessment/getassessments', () => {
    const url = (id: string) => `/api/v2/assessment/getassessments?propertyId=${id}`;

    it('lists the non-cancelled assessment ids of the residence, newest first', async () => {
      const rows = await t.app.db
        .selectFrom('assessments as a')
        .select(['a.residence_id'])
        .where('a.organization_id', '=', ownOrg)
        .where('a.status', '=', 'cancelled')
        .executeTakeFirstOrThrow();
      const expected = await t.app.db
        .selectFrom('assessments')
        .select('id')
        .where('residence_id', '=', rows.residence_id)
        .where('status', '!=', 'cancelled')
        .orderBy('created_at', 'desc')
        .execute();
      for (const user of ['skriver', 'laeser'] as const) {
        const response = await get(user, url(rows.residence_id));
        expect(response.statusCode).toBe(200);
        expect(response.json()).toEqual({ assessments: expected.map((e) => e.id) });
      }
      expect((await get('skriver', url(freeResidence))).json()).toEqual({ assessments: [] });
    });

    it('refuses another organization, 404s an unknown residence, 400s malformed input', async () => {
      expectForbidden(await get('skriver', url(foreignResidence)));
      expect((await get('flere', url(foreignResidence))).json<Dto.AssessmentIds>().assessments).toContain(
        foreignApproved.id,
      );
      expect((await get('skriver', url('00000000-0000-4000-8000-0000ffffffff'))).statusCode).toBe(404);
      expectBadRequest(await get('skriver', url('12')));
      expectBadRequest(await get('skriver', '/api/v2/assessment/getassessments'));
      expect((await get(null, url(freeResidence))).statusCode).toBe(401);
    });
  });

  describe('GET /api/v2/assessment/getactiveassessments', () => {
    const url = (org: string) => `/api/v2/assessment/getactiveassessments?organizationId=${org}`;

    it('lists the draft, rejected and ready assessments of the organization, newest first', async () => {
      const response = await get('skriver', url(ownOrg));
      expect(response.statusCode).toBe(200);
      const entries = response.json<Dto.AssessmentListEntry[]>();
      const expected = await t.app.db
        .selectFrom('assessments')
        .select(['id', 'residence_id', 'converted'])
        .where('organization_id', '=', ownOrg)
        .where('status', 'in', ['draft', 'rejected', 'ready'])
        .execute();
      expect(entries.map((e) => e.assessmentId).sort()).toEqual(expected.map((e) => e.id).sort());
      expect(new Set(entries.map((e) => e.assessmentStatus))).toEqual(
        new Set(['draft', 'rejected', 'ready']),
      );
      for (let i = 1; i < entries.length; i++) {
        expect(entries[i - 1]!.createdAt >= entries[i]!.createdAt).toBe(true);
      }
      for (const entry of entries.slice(0, 25)) {
        expect(entry.progress).toBeGreaterThanOrEqual(0);
        expect(entry.progress).toBeLessThanOrEqual(1);
        expect(entry.progress).toBeCloseTo(
          progress(questions, await answerMap(entry.assessmentId), { converted: entry.converted }),
          10,
        );
        expect(entry.validFrom).toBeNull();
        expect(entry.futureApprovedDate).toBe(NO_DATE);
        expect(entry.propertyId).toBe(expected.find((e) => e.id === entry.assessmentId)!.residence_id);
      }
      // Drafts in the middle of screening have some, but not all, progress.
      expect(entries.some((e) => e.progress > 0 && e.progress < 1)).toBe(true);
      expect((await get('laeser', url(ownOrg))).json()).toEqual(entries);
    });

    it('refuses another organization and malformed input', async () => {
      expectForbidden(await get('skriver', url(otherOrg)));
      expect((await get('flere', url(otherOrg))).statusCode).toBe(200);
      expectForbidden(await get('uden-org', url(ownOrg)));
      expectBadRequest(await get('skriver', '/api/v2/assessment/getactiveassessments'));
      expectBadRequest(await get('skriver', url('org-0')));
    });
  });

  describe('POST /api/v2/assessment/getlocatedassessments', () => {
    const url = '/api/v2/assessment/getlocatedassessments';
    const post = (user: User, payload: unknown) => request(user, 'POST', url, payload);

    it('answers the pairs that exist and belong to the user, in the order asked for', async () => {
      const response = await post('skriver', [
        { propertyId: approved.residenceId, assessmentId: approved.id },
        // not of that property
        { propertyId: freeResidence, assessmentId: approved.id },
        // another organization
        { propertyId: foreignApproved.residenceId, assessmentId: foreignApproved.id },
        // unknown
        { propertyId: freeResidence, assessmentId: '30000000-0000-4000-8000-0000ffffffff' },
        // asked twice
        { propertyId: approved.residenceId, assessmentId: approved.id.toUpperCase() },
      ]);
      expect(response.statusCode).toBe(200);
      const entries = response.json<Dto.AssessmentListEntry[]>();
      expect(entries.map((e) => e.assessmentId)).toEqual([approved.id]);
      const row = await assessmentRow(approved.id);
      expect(entries[0]).toMatchObject({
        propertyId: approved.residenceId,
        assessmentStatus: 'approved',
        isCalculated: row.is_calculated,
        converted: false,
        validFrom: new Date(row.valid_from!).toISOString(),
        futureApprovedDate: NO_DATE,
        createdAt: new Date(row.created_at).toISOString(),
        progress: progress(questions, await answerMap(approved.id), { converted: false }),
      });
      expect(Object.keys(entries[0]!).sort()).toEqual(
        [
          'assessmentId',
          'propertyId',
          'departmentId',
          'assessmentStatus',
          'isCalculated',
          'converted',
          'location',
          'validFrom',
          'futureApprovedDate',
          'createdAt',
          'progress',
          // The history extension's (docs/api.md "Extensions"): who created and last changed it.
          'createdBy',
          'changedBy',
          'changedByName',
          'changedAt',
        ].sort(),
      );
      const author = await t.app.db
        .selectFrom('users')
        .select(['sso_uuid', 'display_name'])
        .where('id', '=', row.changed_by!)
        .executeTakeFirstOrThrow();
      expect(entries[0]).toMatchObject({
        createdBy: author.sso_uuid,
        changedBy: author.sso_uuid,
        changedByName: author.display_name,
        changedAt: new Date(row.updated_at).toISOString(),
      });
      const flere = await post('flere', [
        { propertyId: foreignApproved.residenceId, assessmentId: foreignApproved.id },
        { propertyId: approved.residenceId, assessmentId: approved.id },
      ]);
      expect(flere.json<Dto.AssessmentListEntry[]>().map((e) => e.assessmentId)).toEqual([
        foreignApproved.id,
        approved.id,
      ]);
      expect((await post('laeser', [])).json()).toEqual([]);
    });

    it('takes up to 500 pairs', async () => {
      const pairs = Array.from({ length: 500 }, () => ({
        propertyId: approved.residenceId,
        assessmentId: approved.id,
      }));
      const response = await post('skriver', pairs);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toHaveLength(1);
    });

    it.each([
      [
        'an object',
        {
          propertyId: '00000000-0000-4000-8000-000000000001',
          assessmentId: '00000000-0000-4000-8000-000000000001',
        },
      ],
      ['a JSON string', 'hello'],
      [
        '501 pairs',
        Array.from({ length: 501 }, () => ({
          propertyId: '00000000-0000-4000-8000-000000000001',
          assessmentId: '30000000-0000-4000-8000-000000000001',
        })),
      ],
      ['a pair without an assessmentId', [{ propertyId: '00000000-0000-4000-8000-000000000001' }]],
      ['a non-uuid', [{ propertyId: '00000000-0000-4000-8000-000000000001', assessmentId: 'x' }]],
      ['a number for an id', [{ propertyId: 1, assessmentId: '30000000-0000-4000-8000-000000000001' }]],
      ['a list of strings', ['30000000-0000-4000-8000-000000000001']],
    ])('answers %s with 400 JSON', async (_name, payload) => {
      expectBadRequest(
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(tokens.skriver), 'content-type': 'application/json' },
          payload: JSON.stringify(payload),
        }),
      );
    });

    it('answers a body that is not JSON with 400 or 415 JSON', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(tokens.skriver), 'content-type': 'text/plain' },
        payload: 'hello',
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toEqual(expect.any(String));
      const xml = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...bearer(tokens.skriver), 'content-type': 'application/xml' },
        payload: '<pairs/>',
      });
      expect(xml.statusCode).toBe(415);
      expect(xml.json().message).toEqual(expect.any(String));
    });

    it('answers no body and broken JSON with 400 JSON', async () => {
      expectBadRequest(await t.app.inject({ method: 'POST', url, headers: bearer(tokens.skriver) }));
      expectBadRequest(
        await t.app.inject({
          method: 'POST',
          url,
          headers: { ...bearer(tokens.skriver), 'content-type': 'application/json' },
          payload: '[{"propertyId": ',
        }),
      );
    });
  });

  describe('GET /api/v2/assessment/getassessmentscores', () => {
    const url = (id: string) => `/api/v2/assessment/getassessmentscores?assessmentId=${id}`;

    it('scores a seeded approved assessment: five screened types first, with valid texts', async () => {
      const response = await get('skriver', url(approved.id));
      expect(response.statusCode).toBe(200);
      const scores = response.json<Dto.HandicapScore[]>();
      expect(scores.slice(0, 5).map((s) => s.handicapTypeId)).toEqual([...SCREENED_HANDICAPS]);
      expect(scores.length).toBeGreaterThanOrEqual(5);
      expect(scores.length).toBeLessThanOrEqual(7);
      for (const score of scores) expect(score.scoreText, score.handicapTypeId).toMatch(SCORE_TEXT);
      expect(scores).toEqual(handicapScores(questions, await answerMap(approved.id), { converted: false }));
      expect((await get('laeser', url(approved.id))).json()).toEqual(scores);
    });

    it('scores many seeded assessments with valid texts and at least one percentage', async () => {
      const ids = await t.app.db
        .selectFrom('assessments')
        .select('id')
        .where('organization_id', '=', ownOrg)
        .where('status', '=', 'approved')
        .orderBy('id')
        .limit(15)
        .execute();
      let percentages = 0;
      for (const { id } of ids) {
        const scores = (await get('skriver', url(id))).json<Dto.HandicapScore[]>();
        expect(scores.slice(0, 5).map((s) => s.handicapTypeId)).toEqual([...SCREENED_HANDICAPS]);
        for (const score of scores) expect(score.scoreText).toMatch(SCORE_TEXT);
        percentages += scores.filter((s) => s.scoreText.includes('%')).length;
      }
      expect(percentages).toBeGreaterThan(0);
    });

    it('refuses another organization, 404s unknown and cancelled ones, 400s malformed input', async () => {
      expectForbidden(await get('skriver', url(foreignApproved.id)));
      expect((await get('flere', url(foreignApproved.id))).statusCode).toBe(200);
      expect((await get('skriver', url('30000000-0000-4000-8000-0000ffffffff'))).statusCode).toBe(404);
      const cancelled = await t.app.db
        .selectFrom('assessments')
        .select('id')
        .where('organization_id', '=', ownOrg)
        .where('status', '=', 'cancelled')
        .executeTakeFirstOrThrow();
      expect((await get('skriver', url(cancelled.id))).statusCode).toBe(404);
      expectBadRequest(await get('skriver', url('3')));
      expectBadRequest(await get('skriver', '/api/v2/assessment/getassessmentscores'));
    });
  });

  describe('GET /api/v2/assessment/createnewassessment (and v1)', () => {
    it('creates an empty draft and answers its id as a JSON string, with a renewed token', async () => {
      const response = await create('skriver', freeResidence);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/application\/json/);
      expect(typeof response.headers['set-authorization']).toBe('string');
      const id = response.json<string>();
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      const row = await assessmentRow(id);
      expect(row).toMatchObject({
        organization_id: ownOrg,
        residence_id: freeResidence,
        status: 'draft',
        is_calculated: false,
        converted: false,
        screening_completed: false,
        excluded_handicaps: [],
        handicaps_for_evaluation: [...SCREENED_HANDICAPS],
        source_assessment_id: null,
        valid_from: null,
        future_approved_date: null,
      });
      expect(await answersOf(id)).toEqual([]);
      const ids = (
        await get('skriver', `/api/v2/assessment/getassessments?propertyId=${freeResidence}`)
      ).json<Dto.AssessmentIds>();
      expect(ids.assessments[0]).toBe(id);
      const active = (
        await get('skriver', `/api/v2/assessment/getactiveassessments?organizationId=${ownOrg}`)
      ).json<Dto.AssessmentListEntry[]>();
      expect(active[0]).toMatchObject({ assessmentId: id, assessmentStatus: 'draft', progress: 0 });
      // Treat an empty source as none.
      const empty = await create('skriver', freeResidence, '');
      expect(empty.statusCode).toBe(200);
      expect(await answersOf(empty.json<string>())).toEqual([]);
    });

    it('copies the answers of a source as preselected and derives the screening fields from them', async () => {
      const id = await createOk('skriver', approved.residenceId, approved.id);
      const source = await answersOf(approved.id);
      const copied = await answersOf(id);
      expect(source.length).toBeGreaterThan(10);
      expect(
        copied.map(({ question_unique_id, values, numeric_value, comment }) => ({
          question_unique_id,
          values,
          numeric_value,
          comment,
        })),
      ).toEqual(
        source.map(({ question_unique_id, values, numeric_value, comment }) => ({
          question_unique_id,
          values,
          numeric_value,
          comment,
        })),
      );
      expect(copied.every((a) => a.preselected)).toBe(true);
      const answers = await answerMap(id);
      const screening = questions.filter((q) => q.chapterId === 'screening');
      const excluded = excludedHandicaps(screening, answers);
      expect(await assessmentRow(id)).toMatchObject({
        status: 'draft',
        source_assessment_id: approved.id,
        screening_completed: isScreeningComplete(screening, answers),
        excluded_handicaps: excluded,
        handicaps_for_evaluation: handicapsForEvaluation(excluded),
        is_calculated: isCalculated(questions, answers),
      });
      // The source is untouched.
      expect((await assessmentRow(approved.id)).status).toBe('approved');
      expect((await answersOf(approved.id)).every((a) => !a.preselected)).toBe(true);
      // The copy scores like its source.
      const scores = (
        await get('skriver', `/api/v2/assessment/getassessmentscores?assessmentId=${id}`)
      ).json();
      expect(scores).toEqual(
        (await get('skriver', `/api/v2/assessment/getassessmentscores?assessmentId=${approved.id}`)).json(),
      );
      // Copying to another residence of the organization works too.
      const other = await createOk('skriver', freeResidence, approved.id);
      expect(await answersOf(other)).toHaveLength(source.length);
    });

    it('marks assessments of converted residences as converted, skipping screening', async () => {
      const converted = await t.app.db
        .selectFrom('residences')
        .select('id')
        .where('organization_id', '=', ownOrg)
        .where('is_converted', '=', true)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const id = await createOk('skriver', converted.id);
      expect(await assessmentRow(id)).toMatchObject({
        converted: true,
        screening_completed: true,
        excluded_handicaps: [],
      });
    });

    it('works on v1 as well', async () => {
      const response = await create('skriver', freeResidence, undefined, 'v1');
      expect(response.statusCode).toBe(200);
      expect((await assessmentRow(response.json<string>())).status).toBe('draft');
    });

    it('needs the write role: the read user gets 403 and nothing is created', async () => {
      const before = await t.app.db
        .selectFrom('assessments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      for (const version of ['v1', 'v2'] as const) {
        expectForbidden(await create('laeser', freeResidence, undefined, version));
        expectForbidden(await create('laeser', approved.residenceId, approved.id, version));
      }
      const after = await t.app.db
        .selectFrom('assessments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses residences and sources of other organizations, and 404s unknown ones', async () => {
      expectForbidden(await create('skriver', foreignResidence));
      expectForbidden(await create('skriver', freeResidence, foreignApproved.id));
      // flere belongs to both, but a copy never crosses organizations.
      expectForbidden(await create('flere', freeResidence, foreignApproved.id));
      expect((await create('skriver', '00000000-0000-4000-8000-0000ffffffff')).statusCode).toBe(404);
      expect(
        (await create('skriver', freeResidence, '30000000-0000-4000-8000-0000ffffffff')).statusCode,
      ).toBe(404);
      expectForbidden(await create('uden-org', freeResidence));
    });

    describe('with an id the client chose (an assessment started offline)', () => {
      const withId = (user: User, propertyId: string, id: string, source?: string) =>
        get(
          user,
          `/api/v2/assessment/createnewassessment?propertyId=${propertyId}&assessmentId=${id}` +
            (source ? `&sourceAssessmentIdToCopyFrom=${source}` : ''),
        );
      const countWithId = async (id: string) =>
        Number(
          (
            await t.app.db
              .selectFrom('assessments')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('id', '=', id)
              .executeTakeFirstOrThrow()
          ).n,
        );

      it('creates the draft under that id, and the same create again answers the same id without a second one', async () => {
        const id = crypto.randomUUID();
        const first = await withId('skriver', freeResidence, id);
        expect(first.statusCode, first.body).toBe(200);
        expect(first.json()).toBe(id);
        expect(await assessmentRow(id)).toMatchObject({ residence_id: freeResidence, status: 'draft' });
        // Answered meanwhile: the repeated create changes nothing.
        const answered = await request('skriver', 'POST', '/api/v2/sync/syncanswer', {
          assessmentId: id,
          questionUniqueId: questions.find((q) => q.chapterId === 'screening')!.uniqueId,
          values: [questions.find((q) => q.chapterId === 'screening')!.options![0]!.answerId],
        });
        expect(answered.statusCode, answered.body).toBe(200);
        const before = await assessmentRow(id);
        // Upper case is the same id (ids compare in lower case).
        const again = await withId('skriver', freeResidence, id.toUpperCase());
        expect(again.statusCode, again.body).toBe(200);
        expect(again.json()).toBe(id);
        expect(await countWithId(id)).toBe(1);
        expect(await assessmentRow(id)).toEqual(before);
        expect(await answersOf(id)).toHaveLength(1);
      });

      it('copies a source once, and two creates at the same moment make one assessment', async () => {
        const id = crypto.randomUUID();
        const [a, b] = await Promise.all([
          withId('skriver', freeResidence, id, approved.id),
          withId('skriver', freeResidence, id, approved.id),
        ]);
        expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
        expect([a.json(), b.json()]).toEqual([id, id]);
        expect(await countWithId(id)).toBe(1);
        expect(await answersOf(id)).toHaveLength((await answersOf(approved.id)).length);
      });

      it("refuses an id that is another residence's assessment with 409, and changes nothing", async () => {
        const taken = await withId('skriver', freeResidence, approved.id);
        expect(taken.statusCode).toBe(409);
        expect(taken.json()).toMatchObject({ code: 'ASSESSMENT_ID_TAKEN' });
        // Another organization's id: the same answer, nothing of it shown.
        const foreign = await withId('skriver', freeResidence, foreignApproved.id);
        expect(foreign.statusCode).toBe(409);
        expect(Object.keys(foreign.json()).sort()).toEqual(['code', 'message']);
        expect(await assessmentRow(foreignApproved.id)).toMatchObject({
          residence_id: foreignApproved.residenceId,
          status: 'approved',
        });
      });

      it('checks the role and the organization before the id', async () => {
        const id = crypto.randomUUID();
        expectForbidden(await withId('laeser', freeResidence, id));
        expectForbidden(await withId('skriver', foreignResidence, id));
        expect(await countWithId(id)).toBe(0);
        expectBadRequest(await withId('skriver', freeResidence, 'not-a-uuid'));
      });
    });

    it.each([
      ['no propertyId', ''],
      ['a non-uuid propertyId', 'propertyId=abc'],
      [
        'a non-uuid source',
        'propertyId=00000000-0000-4000-8000-000000000001&sourceAssessmentIdToCopyFrom=abc',
      ],
      ['a huge propertyId', `propertyId=${'0'.repeat(50_000)}`],
    ])('answers %s with 400 JSON', async (_name, query) => {
      expectBadRequest(await get('skriver', `/api/v2/assessment/createnewassessment?${query}`));
    });
  });

  describe('POST /api/v2/assessment/abandonassessment (and GET on v1)', () => {
    it('cancels a draft, answers { message: "ok" } with a renewed token, and hides it from every list', async () => {
      const id = await createOk('skriver', freeResidence);
      const response = await abandon('skriver', id, freeResidence);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'ok' });
      expect(typeof response.headers['set-authorization']).toBe('string');
      expect((await assessmentRow(id)).status).toBe('cancelled');

      const ids = (
        await get('skriver', `/api/v2/assessment/getassessments?propertyId=${freeResidence}`)
      ).json<Dto.AssessmentIds>();
      expect(ids.assessments).not.toContain(id);
      const active = (
        await get('skriver', `/api/v2/assessment/getactiveassessments?organizationId=${ownOrg}`)
      ).json<Dto.AssessmentListEntry[]>();
      expect(active.map((a) => a.assessmentId)).not.toContain(id);
      const located = await request('skriver', 'POST', '/api/v2/assessment/getlocatedassessments', [
        { propertyId: freeResidence, assessmentId: id },
      ]);
      expect(located.json()).toEqual([]);
      const { department_id } = await t.app.db
        .selectFrom('residences')
        .select('department_id')
        .where('id', '=', freeResidence)
        .executeTakeFirstOrThrow();
      const rows = (
        await get('skriver', `/api/v2/properties/propertiesbydepartment?locationId=${department_id}`)
      ).json<Dto.PropertyRow[]>();
      expect(rows.map((r) => r.assessmentId)).not.toContain(id);
      const detail = (
        await get('skriver', `/api/v2/properties/getproperty?propertyId=${freeResidence}`)
      ).json<Dto.PropertyDetail>();
      expect(detail.vurderinger.map((v) => v.vurderingId)).not.toContain(id);
      expect(
        (await get('skriver', `/api/v2/assessment/getassessmentscores?assessmentId=${id}`)).statusCode,
      ).toBe(404);

      // Abandoning again changes nothing and still answers ok (a retried request).
      expect((await abandon('skriver', id, freeResidence)).json()).toEqual({ message: 'ok' });
    });

    it('abandons with GET on v1 too, and ready and rejected assessments as well', async () => {
      const id = await createOk('skriver', freeResidence);
      const response = await abandon('skriver', id, freeResidence, 'v1');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: 'ok' });
      expect((await assessmentRow(id)).status).toBe('cancelled');
      for (const status of ['ready', 'rejected'] as const) {
        const copy = await createOk('skriver', freeResidence);
        await t.app.db.updateTable('assessments').set({ status }).where('id', '=', copy).execute();
        expect((await abandon('flere', copy, freeResidence)).statusCode).toBe(200);
        expect((await assessmentRow(copy)).status).toBe('cancelled');
      }
    });

    it('refuses an approved assessment with 409 JSON', async () => {
      for (const version of ['v1', 'v2'] as const) {
        const response = await abandon('skriver', approved.id, approved.residenceId, version);
        expect(response.statusCode).toBe(409);
        expect(response.json().message).toMatch(/approved/i);
      }
      expect((await assessmentRow(approved.id)).status).toBe('approved');
    });

    it('needs the write role and the organization; the pair must match', async () => {
      const id = await createOk('skriver', freeResidence);
      for (const version of ['v1', 'v2'] as const)
        expectForbidden(await abandon('laeser', id, freeResidence, version));
      expectForbidden(await abandon('skriver', foreignApproved.id, foreignApproved.residenceId));
      expectForbidden(await abandon('uden-org', id, freeResidence));
      const mismatch = await abandon('skriver', id, approved.residenceId);
      expect(mismatch.statusCode).toBe(404);
      expect(
        (await abandon('skriver', '30000000-0000-4000-8000-0000ffffffff', freeResidence)).statusCode,
      ).toBe(404);
      expect((await assessmentRow(id)).status).toBe('draft');
    });

    it.each([
      ['no parameters', ''],
      ['no propertyId', 'assessmentId=30000000-0000-4000-8000-000000000001'],
      ['a non-uuid assessmentId', 'assessmentId=1&propertyId=00000000-0000-4000-8000-000000000001'],
      [
        'a huge propertyId',
        `assessmentId=30000000-0000-4000-8000-000000000001&propertyId=${'f'.repeat(9000)}`,
      ],
    ])('answers %s with 400 JSON', async (_name, query) => {
      expectBadRequest(await request('skriver', 'POST', `/api/v2/assessment/abandonassessment?${query}`));
      expectBadRequest(await request('skriver', 'GET', `/api/v1/assessment/abandonassessment?${query}`));
    });

    it('has no GET on v2 and no POST on v1', async () => {
      expect((await request('skriver', 'GET', '/api/v2/assessment/abandonassessment')).statusCode).toBe(404);
      expect((await request('skriver', 'POST', '/api/v1/assessment/abandonassessment')).statusCode).toBe(404);
    });
  });
});
