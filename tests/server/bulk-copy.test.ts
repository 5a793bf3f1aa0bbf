import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Dto from '../../shared/contract/dto';
import type { CopyTargetRow } from '../../src/api/get-copy-targets';
import { copenhagenDate } from '../../server/src/jobs/dates';
import { runWorkerOnce } from '../../server/src/jobs/worker';
import { loadAnswers, loadQuestions } from '../../server/src/domain/catalogue';
import { deriveAssessmentState } from '../../shared/rules/assessment-state';
import { assessmentsOfResidence, assessmentSummaries, winnerOf } from '../../server/src/domain/residences';
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
 * The server side of the bulk-copy flow (docs/api.md "copyassessments", "copytargets" and
 * "abandonassessments"): a copy overwrites what is not approved, never a ready assessment nor
 * the source's own residence; the copy screen's list says which residences can be targets; a
 * list of assessments is deleted all or nothing. On the seeded demo data.
 */

const USERS = ['skriver', 'laeser', 'flere'] as const;
type User = (typeof USERS)[number];
const UNKNOWN = '00000000-0000-4000-8000-0000ffffffff';

interface Ref {
  id: string;
  residenceId: string;
}

describe.each(DATABASES)('bulk copy on $name', ({ admin }) => {
  let t: TestApp;
  const tokens = {} as Record<User, string>;
  let ownOrg: string;
  /** The smallest department of ownOrg that has ready, draft, rejected and approved assessments. */
  let departmentId: string;
  /** An approved assessment (no future date, every answer) in that department: the copy source. */
  let source: Ref;
  /** An approved assessment of an organization skriver does not belong to. */
  let foreign: Ref;
  /** Residences of ownOrg without assessments, handed out one by one. */
  let free: string[];
  const takeFree = () => free.shift()!;
  /** Seeded residences already used by a test. */
  const picked: string[] = [];

  const call = (user: User | null, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: user ? bearer(tokens[user]) : {}, payload: payload as never });
  const copy = (user: User, body: unknown) => call(user, 'POST', '/api/v2/assessment/copyassessments', body);
  const abandonMany = (user: User | null, assessments: unknown) =>
    call(user, 'POST', '/api/v2/assessment/abandonassessments', { assessments });
  const copyTargets = (user: User | null, sourceAssessmentId: string, propertyId: string) =>
    call(
      user,
      'GET',
      `/api/v2/assessment/copytargets?sourceAssessmentId=${sourceAssessmentId}&propertyId=${propertyId}`,
    );

  const db = () => t.app.db;
  const statusOf = async (id: string) =>
    (await db().selectFrom('assessments').select('status').where('id', '=', id).executeTakeFirstOrThrow())
      .status;
  const assessmentsOf = (residenceId: string) =>
    db()
      .selectFrom('assessments')
      .select(['id', 'status', 'is_calculated', 'valid_from', 'future_approved_date', 'source_assessment_id'])
      .where('residence_id', '=', residenceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  const jobCount = async () =>
    Number(
      (
        await db()
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const expectError = (response: { statusCode: number; body: string }, status: number, code?: string) => {
    expect(response.statusCode, response.body).toBe(status);
    const body = JSON.parse(response.body) as Record<string, unknown>;
    // A refusal carries no data of what was asked for.
    expect(Object.keys(body).sort()).toEqual(['code', 'message']);
    if (code) expect(body.code).toBe(code);
    return body as { code: string; message: string };
  };
  /** A new draft on a free residence (createnewassessment), optionally copied from the source. */
  const newDraft = async (options: { copied?: boolean } = {}): Promise<Ref> => {
    const residenceId = takeFree();
    const response = await call(
      'skriver',
      'GET',
      `/api/v2/assessment/createnewassessment?propertyId=${residenceId}` +
        (options.copied ? `&sourceAssessmentIdToCopyFrom=${source.id}` : ''),
    );
    expect(response.statusCode, response.body).toBe(200);
    return { id: response.json<string>(), residenceId };
  };
  /**
   * A residence whose non-cancelled assessments are exactly one of the given status (seeded
   * data); `calculated` picks a draft with every required answer, `approvedFuture` an approval
   * from a future date.
   */
  const residenceWithOnly = async (
    status: 'draft' | 'rejected' | 'approved' | 'approvedFuture' | 'ready',
    calculated = false,
  ) => {
    const rows = await db()
      .selectFrom('assessments as a')
      .innerJoin('residences as r', 'r.id', 'a.residence_id')
      .select(['a.id', 'a.residence_id', 'a.status', 'a.is_calculated', 'a.future_approved_date'])
      .where('a.organization_id', '=', ownOrg)
      .where('a.status', '!=', 'cancelled')
      .where('r.id', '!=', source.residenceId)
      .orderBy('a.id')
      .execute();
    const byResidence = new Map<string, typeof rows>();
    for (const row of rows)
      byResidence.set(row.residence_id, [...(byResidence.get(row.residence_id) ?? []), row]);
    const used = new Set(picked);
    for (const [residenceId, list] of byResidence) {
      if (used.has(residenceId) || list.length !== 1) continue;
      const [only] = list;
      const future = only!.future_approved_date !== null;
      if (only!.status !== (status === 'approvedFuture' ? 'approved' : status)) continue;
      if (future !== (status === 'approvedFuture')) continue;
      if (status === 'draft' && only!.is_calculated !== calculated) continue;
      picked.push(residenceId);
      return { id: only!.id, residenceId };
    }
    throw new Error(`no residence with only a ${status} assessment`);
  };

  beforeAll(async () => {
    t = await startTestApp(admin, { JOB_WORKER: 'false' });
    for (const user of USERS) tokens[user] = await demoToken(t.app, user);
    ownOrg = (await organizationsOf(db(), 'skriver'))[0]!;
    const otherOrg = (await organizationsOf(db(), 'flere')).find((id) => id !== ownOrg)!;

    const departments = await db()
      .selectFrom('departments as d')
      .innerJoin('residences as r', 'r.department_id', 'd.id')
      .leftJoin('assessments as a', 'a.residence_id', 'r.id')
      .select([
        'd.id',
        (eb) => eb.fn.count<number>('r.id').distinct().as('residences'),
        (eb) => eb.fn.agg<string[]>('array_agg', ['a.status']).distinct().as('statuses'),
      ])
      .where('d.organization_id', '=', ownOrg)
      .groupBy('d.id')
      .execute();
    const wanted = ['ready', 'draft', 'rejected', 'approved'];
    departmentId = departments
      .filter((d) => wanted.every((s) => d.statuses.includes(s)))
      .sort((a, b) => Number(a.residences) - Number(b.residences) || (a.id < b.id ? -1 : 1))[0]!.id;

    const approvedIn = async (where: { organizationId: string; departmentId?: string }) => {
      let query = db()
        .selectFrom('assessments as a')
        .innerJoin('residences as r', 'r.id', 'a.residence_id')
        .select(['a.id', 'a.residence_id'])
        .where('a.organization_id', '=', where.organizationId)
        .where('a.status', '=', 'approved')
        .where('a.future_approved_date', 'is', null)
        .where('a.converted', '=', false)
        .where('a.is_calculated', '=', true);
      if (where.departmentId) query = query.where('r.department_id', '=', where.departmentId);
      const row = await query.orderBy('a.id').executeTakeFirstOrThrow();
      return { id: row.id, residenceId: row.residence_id };
    };
    source = await approvedIn({ organizationId: ownOrg, departmentId });
    foreign = await approvedIn({ organizationId: otherOrg });
    free = await residencesWithoutAssessment(db(), ownOrg, { limit: 40 });
    expect(free.length).toBe(40);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('POST /api/v2/assessment/copyassessments', () => {
    it('refuses a residence with a ready assessment with 409 TARGET_READY, in Danish, and queues nothing', async () => {
      const ready = await residenceWithOnly('ready');
      const jobsBefore = await jobCount();
      for (const isFakeJob of [false, true]) {
        const body = expectError(
          await copy('skriver', {
            propertyIds: [takeFree(), ready.residenceId],
            sourceAssessmentIdToCopyFrom: source.id,
            isFakeJob,
          }),
          409,
          'TARGET_READY',
        );
        expect(body.message).toMatch(/^Boligen .+ har en vurdering, der afventer godkendelse/);
      }
      expect(await jobCount()).toBe(jobsBefore);
      expect(await statusOf(ready.id)).toBe('ready');
    });

    it('refuses the source’s own residence as a target with 400 TARGET_IS_SOURCE and queues nothing', async () => {
      const jobsBefore = await jobCount();
      const body = expectError(
        await copy('skriver', {
          propertyIds: [takeFree(), source.residenceId],
          sourceAssessmentIdToCopyFrom: source.id,
        }),
        400,
        'TARGET_IS_SOURCE',
      );
      expect(body.message).toBe('Boligen, der kopieres fra, kan ikke selv modtage kopien.');
      expect(await jobCount()).toBe(jobsBefore);
    });

    it('replaces draft, calculated and rejected assessments by the copy and keeps approved ones beside it', async () => {
      const draft = await residenceWithOnly('draft');
      const calculated = await residenceWithOnly('draft', true);
      const rejected = await residenceWithOnly('rejected');
      const approved = await residenceWithOnly('approved');
      const approvedFuture = await residenceWithOnly('approvedFuture');
      const empty = takeFree();
      const targets = [
        draft.residenceId,
        calculated.residenceId,
        rejected.residenceId,
        approved.residenceId,
        approvedFuture.residenceId,
        empty,
      ];
      const approvedBefore = (await assessmentsOf(approved.residenceId))[0]!;
      const approvedFutureBefore = (await assessmentsOf(approvedFuture.residenceId))[0]!;

      const response = await copy('skriver', {
        propertyIds: targets,
        sourceAssessmentIdToCopyFrom: source.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { jobId } = response.json<Dto.JobCreated>();
      expect(await runWorkerOnce(db())).toEqual({ jobs: 1, items: 6 });
      const state = (await call('skriver', 'GET', `/api/v2/jobs/${jobId}`)).json<Dto.JobState>();
      expect(state).toMatchObject({ status: 'succeeded', currentCount: 6, errorCount: 0 });
      expect(state.copied.map((c) => c.propertyId)).toEqual(targets);
      const copyOf = new Map(state.copied.map((c) => [c.propertyId, c.newAssessmentId]));

      for (const old of [draft, calculated, rejected]) {
        const rows = await assessmentsOf(old.residenceId);
        expect(rows.map((r) => [r.id, r.status])).toEqual([
          [old.id, 'cancelled'],
          [copyOf.get(old.residenceId), 'draft'],
        ]);
      }
      // Approved ones, also from a future date, stay valid beside the new draft.
      for (const [ref, before] of [
        [approved, approvedBefore],
        [approvedFuture, approvedFutureBefore],
      ] as const) {
        expect(await assessmentsOf(ref.residenceId)).toEqual([
          before,
          expect.objectContaining({ id: copyOf.get(ref.residenceId), status: 'draft' }),
        ]);
      }
      expect((await assessmentsOf(empty)).map((r) => [r.id, r.status, r.source_assessment_id])).toEqual([
        [copyOf.get(empty), 'draft', source.id],
      ]);
      // The residence lists show the copies: the cancelled ones are gone.
      const property = await call(
        'skriver',
        'GET',
        `/api/v2/properties/getproperty?propertyId=${draft.residenceId}`,
      );
      expect(property.json<Dto.PropertyDetail>().vurderinger.map((v) => v.vurderingId)).toEqual([
        copyOf.get(draft.residenceId),
      ]);

      // Approving the copy leaves the older approval as it is; the duplicate rule shows the copy.
      const copyId = copyOf.get(approved.residenceId)!;
      const finish = await call('skriver', 'POST', '/api/v2/assessment/finishassessments', {
        assessmentsToFinish: [
          { assessmentId: copyId, propertyId: approved.residenceId, validFrom: copenhagenDate(new Date()) },
        ],
      });
      expect(finish.statusCode, finish.body).toBe(200);
      await runWorkerOnce(db());
      const after = await assessmentsOf(approved.residenceId);
      expect(after[0]).toEqual(approvedBefore);
      expect(after[1]).toMatchObject({ id: copyId, status: 'approved', future_approved_date: null });
      // As the searches read and pick it (domain/residences.ts).
      const { assessments } = await db()
        .selectFrom('residences as r')
        .select(assessmentsOfResidence.as('assessments'))
        .where('r.id', '=', approved.residenceId)
        .executeTakeFirstOrThrow();
      expect(winnerOf(assessmentSummaries(approved.residenceId, assessments), new Date())?.id).toBe(copyId);
    });

    it('fails the item with TARGET_READY when the residence got a ready assessment after queueing', async () => {
      const target = await newDraft();
      const response = await copy('skriver', {
        propertyIds: [target.residenceId],
        sourceAssessmentIdToCopyFrom: source.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      // The organization's review step, outside this product, marks it ready meanwhile.
      await db().updateTable('assessments').set({ status: 'ready' }).where('id', '=', target.id).execute();
      await runWorkerOnce(db());
      const state = (
        await call('skriver', 'GET', `/api/v2/jobs/${response.json<Dto.JobCreated>().jobId}`)
      ).json<Dto.JobState>();
      expect(state).toMatchObject({ status: 'failed', currentCount: 1, errorCount: 1, copied: [] });
      expect(state.failedItems).toEqual([
        {
          propertyId: target.residenceId,
          assessmentId: null,
          code: 'TARGET_READY',
          message: 'Boligen har en vurdering, der afventer godkendelse, og kan ikke overskrives.',
        },
      ]);
      expect((await assessmentsOf(target.residenceId)).map((r) => [r.id, r.status])).toEqual([
        [target.id, 'ready'],
      ]);
    });

    it('copies the source as it is when each item is done: an answer removed halfway reaches the later copies', async () => {
      // A draft source, copied from the approved (calculated) one: its answers can still change.
      const draftSource = await newDraft({ copied: true });
      const [firstTarget, secondTarget] = [takeFree(), takeFree()];
      const response = await copy('skriver', {
        propertyIds: [firstTarget, secondTarget],
        sourceAssessmentIdToCopyFrom: draftSource.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      // An answer without which the source is no longer calculated (by the rules themselves).
      const questions = await loadQuestions(db());
      const answers = (await loadAnswers(db(), [draftSource.id])).get(draftSource.id)!;
      const removed = [...answers.keys()].sort().find((id) => {
        const without = new Map(answers);
        without.delete(id);
        return !deriveAssessmentState(questions, without, false).isCalculated;
      })!;
      const calculated = async (assessmentId: string) =>
        (
          await db()
            .selectFrom('assessments')
            .select('is_calculated')
            .where('id', '=', assessmentId)
            .executeTakeFirstOrThrow()
        ).is_calculated;
      expect(await calculated(draftSource.id)).toBe(true);

      // One worker does both items; between them (as it tells the first one's progress) the
      // assessor removes the answer on the source.
      let told = 0;
      const jobEvents = {
        publish: async () => {
          if (told++ > 0) return;
          const sync = await call('skriver', 'POST', '/api/v2/sync/syncanswer', {
            assessmentId: draftSource.id,
            questionUniqueId: removed,
            values: [],
          });
          expect(sync.statusCode, sync.body).toBe(200);
        },
        subscribe: () => () => undefined,
        close: async () => undefined,
      };
      expect((await runWorkerOnce(db(), { jobEvents })).items).toBe(2);
      expect(await calculated(draftSource.id)).toBe(false);

      const copyOn = async (residenceId: string) =>
        (await assessmentsOf(residenceId)).find((a) => a.source_assessment_id === draftSource.id)!;
      expect(await copyOn(firstTarget)).toMatchObject({ is_calculated: true });
      expect(await copyOn(secondTarget)).toMatchObject({ is_calculated: false });
    });

    it('writes nothing for a fake job, not even the abandoning', async () => {
      const target = await newDraft();
      const response = await copy('skriver', {
        propertyIds: [target.residenceId],
        sourceAssessmentIdToCopyFrom: source.id,
        isFakeJob: true,
      });
      expect(response.statusCode, response.body).toBe(200);
      await runWorkerOnce(db());
      expect((await assessmentsOf(target.residenceId)).map((r) => [r.id, r.status])).toEqual([
        [target.id, 'draft'],
      ]);
    });
  });

  describe('GET /api/v2/assessment/copytargets', () => {
    it('lists the department as propertiesbydepartment does, each row flagged', async () => {
      const response = await copyTargets('skriver', source.id, source.residenceId.toUpperCase());
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['set-authorization']).toBeTruthy();
      const rows = response.json<CopyTargetRow[]>();
      const list = await call(
        'skriver',
        'GET',
        `/api/v2/properties/propertiesbydepartment?locationId=${departmentId}`,
      );
      expect(rows.map(({ copyable: _c, notCopyableReason: _r, ...row }) => row)).toEqual(
        list.json<Dto.PropertyRow[]>(),
      );

      const readyResidences = new Set(
        rows.filter((r) => r.assessmentStatus === 'ready').map((r) => r.residenceId),
      );
      expect(readyResidences.size).toBeGreaterThan(0);
      for (const row of rows) {
        const expected =
          row.residenceId === source.residenceId
            ? 'source'
            : readyResidences.has(row.residenceId)
              ? 'ready'
              : null;
        expect([row.residenceId, row.notCopyableReason, row.copyable]).toEqual([
          row.residenceId,
          expected,
          expected === null,
        ]);
      }
      const reasons = new Set(rows.map((r) => r.notCopyableReason));
      expect(reasons).toEqual(new Set(['source', 'ready', null]));
      // Residences that are neither source nor ready can be targets whatever they hold.
      const copyableStatuses = new Set(rows.filter((r) => r.copyable).map((r) => r.assessmentStatus));
      for (const status of ['notStarted', 'draft', 'rejected', 'approved']) {
        expect(copyableStatuses.has(status as Dto.PropertyRow['assessmentStatus'])).toBe(true);
      }
    });

    it('is refused to the read role, for another organization, and for a source not on propertyId', async () => {
      expectError(await copyTargets('laeser', source.id, source.residenceId), 403);
      expectError(await copyTargets('skriver', foreign.id, foreign.residenceId), 403);
      expectError(await copyTargets(null, source.id, source.residenceId), 401);
      expectError(await copyTargets('skriver', UNKNOWN, source.residenceId), 404);
      expectError(await copyTargets('skriver', source.id, takeFree()), 404);
      const cancelled = await newDraft();
      await abandonMany('skriver', [{ assessmentId: cancelled.id, propertyId: cancelled.residenceId }]);
      expectError(await copyTargets('skriver', cancelled.id, cancelled.residenceId), 404);
    });

    it('refuses malformed parameters with 400 JSON', async () => {
      for (const query of [
        '',
        `sourceAssessmentId=${source.id}`,
        `propertyId=${source.residenceId}`,
        `sourceAssessmentId=12&propertyId=${source.residenceId}`,
        `sourceAssessmentId=${source.id}&propertyId=x`,
        `sourceAssessmentId=${source.id}x&propertyId=${source.residenceId}`,
      ]) {
        expectError(
          await call('skriver', 'GET', `/api/v2/assessment/copytargets?${query}`),
          400,
          'BAD_REQUEST',
        );
      }
    });
  });

  describe('POST /api/v2/assessment/abandonassessments', () => {
    const pair = (ref: Ref) => ({ assessmentId: ref.id, propertyId: ref.residenceId });

    it('abandons every listed assessment in one go, counting one already cancelled', async () => {
      const [a, b, c] = [await newDraft(), await newDraft({ copied: true }), await newDraft()];
      const rejected = await residenceWithOnly('rejected');
      await abandonMany('skriver', [pair(c)]);
      const response = await abandonMany('skriver', [pair(a), pair(b), pair(c), pair(rejected), pair(a)]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ abandoned: 4 });
      expect(response.headers['set-authorization']).toBeTruthy();
      for (const ref of [a, b, c, rejected]) expect(await statusOf(ref.id)).toBe('cancelled');
    });

    it('changes nothing when one of the list is refused: 403, 404 or 409', async () => {
      const [a, b] = [await newDraft(), await newDraft()];
      const other = takeFree();
      expectError(await abandonMany('skriver', [pair(a), pair(foreign), pair(b)]), 403, 'FORBIDDEN');
      expectError(await abandonMany('skriver', [pair(a), { assessmentId: UNKNOWN, propertyId: other }]), 404);
      expectError(await abandonMany('skriver', [pair(a), { ...pair(b), propertyId: other }]), 404);
      const approvedBody = expectError(
        await abandonMany('skriver', [pair(a), pair(source), pair(b)]),
        409,
        'ASSESSMENT_APPROVED',
      );
      expect(approvedBody.message).toContain(source.id);
      expectError(await abandonMany('laeser', [pair(a)]), 403);
      expectError(await abandonMany(null, [pair(a)]), 401);
      for (const ref of [a, b]) expect(await statusOf(ref.id)).toBe('draft');
      expect(await statusOf(source.id)).toBe('approved');
    });

    it('refuses malformed bodies with 400 JSON', async () => {
      const a = await newDraft();
      const tooMany = Array.from({ length: 5001 }, () => pair(a));
      for (const payload of [
        {},
        { assessments: [] },
        { assessments: 'all' },
        { assessments: [{ assessmentId: a.id }] },
        { assessments: [{ assessmentId: '12', propertyId: a.residenceId }] },
        { assessments: [{ assessmentId: 12, propertyId: a.residenceId }] },
        { assessments: tooMany },
        [pair(a)],
      ]) {
        expectError(
          await call('skriver', 'POST', '/api/v2/assessment/abandonassessments', payload),
          400,
          'BAD_REQUEST',
        );
      }
      expect(await statusOf(a.id)).toBe('draft');
    });
  });
});
