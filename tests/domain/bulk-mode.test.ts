import { describe, expect, it } from 'vitest';
import {
  bulkTransition,
  cancelRoute,
  copiedEntries,
  copiedEntryOf,
  finishedCopies,
  INITIAL_BULK_STATE,
  isCopiedListPath,
  isCopyRunning,
  isFinishedFlow,
  parseBulkState,
  routeAfterApproval,
  routeAfterCopy,
  serializeBulkState,
  targetRoute,
  type BulkEvent,
  type BulkSource,
  type BulkState,
  type BulkTarget,
  type CopiedEntry,
} from '../../src/domain/bulk-mode';

const source: BulkSource = {
  propertyId: 'p-src',
  assessmentId: 'a-src',
  status: 'calculated',
  location: 'Møllevej 1',
};
const target = (n: number, status: BulkTarget['status'] = 'notStarted'): BulkTarget => ({
  propertyId: `p${n}`,
  assessmentId: status === 'notStarted' ? null : `a${n}`,
  status,
  location: `Møllevej ${n}`,
});
const copiedEntry = (n: number, eligibleForApproval = false): CopiedEntry => ({
  propertyId: `p${n}`,
  assessmentId: `new${n}`,
  location: `Møllevej ${n}`,
  saved: false,
  eligibleForApproval,
});
const item = (n: number) => ({ assessmentId: `new${n}`, propertyId: `p${n}`, validFrom: '2026-12-01' });

function run(...events: BulkEvent[]): BulkState {
  return events.reduce(bulkTransition, INITIAL_BULK_STATE);
}

const copying = () => run({ type: 'copy', source, origin: '/departments/properties/d1?x=1' });
const withTargets = () =>
  bulkTransition(copying(), { type: 'selectTargets', targets: [target(1), target(2)] });
const pasted = () => bulkTransition(withTargets(), { type: 'paste', copyKey: 'key-1' });
const copied = () =>
  bulkTransition(pasted(), {
    type: 'copyFinished',
    jobId: 'copy-job',
    copied: [copiedEntry(1), copiedEntry(2, true)],
  });

describe('bulk mode: copying (docs/product.md 4)', () => {
  it('starts idle', () => {
    expect(INITIAL_BULK_STATE.mode).toBe('idle');
    expect(isFinishedFlow(INITIAL_BULK_STATE)).toBe(false);
  });

  it('Copy on one residence: copying, targets cleared, the origin remembered', () => {
    const state = copying();
    expect(state).toMatchObject({
      mode: 'copying',
      source,
      targets: [],
      origin: '/departments/properties/d1?x=1',
    });
  });

  it('a new Copy after a finished flow starts afresh', () => {
    const again = bulkTransition(copied(), {
      type: 'copy',
      source: { ...source, assessmentId: 'other' },
      origin: '/x',
    });
    expect(again).toMatchObject({ mode: 'copying', targets: [], copied: [], origin: '/x' });
    expect(again.source?.assessmentId).toBe('other');
  });

  it('Copy of another assessment while choosing targets starts over with it', () => {
    const other = { ...source, propertyId: 'p-other', assessmentId: 'a-other' };
    const again = bulkTransition(withTargets(), {
      type: 'copy',
      source: other,
      origin: '/residence/p-other',
    });
    expect(again).toMatchObject({
      mode: 'copying',
      source: other,
      targets: [],
      origin: '/residence/p-other',
    });
  });

  it('selecting targets keeps the list, without the source residence, ready ones or repeats', () => {
    const state = bulkTransition(copying(), {
      type: 'selectTargets',
      targets: [
        target(1),
        { ...target(9), propertyId: 'p-src' },
        target(3, 'ready'),
        target(1),
        target(4, 'approved'),
      ],
    });
    expect(state.targets.map((t) => t.propertyId)).toEqual(['p1', 'p4']);
  });

  it('Paste with targets: copyComplete while the job runs, with its idempotency key', () => {
    const state = pasted();
    expect(state).toMatchObject({ mode: 'copyComplete', copyKey: 'key-1', copied: [] });
    expect(isCopyRunning(state)).toBe(true);
    expect(isFinishedFlow(state)).toBe(false);
  });

  it('the finished job fills the copied entries and ends the run', () => {
    const state = copied();
    expect(state.mode).toBe('copyComplete');
    expect(state.copyKey).toBeNull();
    expect(state.copied.map((c) => c.assessmentId)).toEqual(['new1', 'new2']);
    expect(isFinishedFlow(state)).toBe(true);
    expect(state.targets).toHaveLength(2);
  });

  it('a failed job returns to choosing targets with the targets kept', () => {
    const state = bulkTransition(pasted(), { type: 'copyFailed' });
    expect(state).toMatchObject({ mode: 'copying', copyKey: null });
    expect(state.targets).toHaveLength(2);
  });

  it('Cancel returns to idle; the route back is the origin, else home', () => {
    const before = withTargets();
    expect(cancelRoute(before)).toBe('/departments/properties/d1?x=1');
    expect(bulkTransition(before, { type: 'cancel' })).toBe(INITIAL_BULK_STATE);
    expect(cancelRoute(INITIAL_BULK_STATE)).toBe('/');
  });

  it('marks a copy saved or ready for approval', () => {
    const state = bulkTransition(copied(), { type: 'copiedChanged', assessmentId: 'new1', saved: true });
    expect(state.copied[0]).toMatchObject({ saved: true, eligibleForApproval: false });
    const eligible = bulkTransition(state, {
      type: 'copiedChanged',
      assessmentId: 'new1',
      eligibleForApproval: true,
    });
    expect(eligible.copied[0]).toMatchObject({ saved: true, eligibleForApproval: true });
  });

  it('Finish leaves a finished flow for idle', () => {
    expect(bulkTransition(copied(), { type: 'finish' })).toBe(INITIAL_BULK_STATE);
  });
});

describe('bulk mode: kept through a reload', () => {
  it('keeps the day of a later approval on the source and the targets; a state stored without it still parses', () => {
    const later = { status: 'approvedFuture' as const, futureApprovedDate: '2026-12-15' };
    const state = run(
      { type: 'copy', source: { ...source, ...later }, origin: '/x' },
      { type: 'selectTargets', targets: [{ ...target(1), ...later }] },
    );
    const restored = parseBulkState(serializeBulkState(state));
    expect(restored.source?.futureApprovedDate).toBe('2026-12-15');
    expect(restored.targets[0]?.futureApprovedDate).toBe('2026-12-15');
    const stored = JSON.parse(serializeBulkState(state)) as { source: Record<string, unknown> };
    delete stored.source.futureApprovedDate;
    const older = parseBulkState(JSON.stringify(stored));
    expect(older.source).toEqual({ ...source, status: 'approvedFuture' });
  });
});

describe('bulk mode: approving (docs/product.md 4)', () => {
  it('keeps the idempotency key of the finish request through a reload, so a repeat finds the same job', () => {
    const start = run({
      type: 'startApproval',
      from: 'list',
      items: [item(1)],
      origin: '/x',
      key: 'finish-1',
    });
    expect(start.approval?.key).toBe('finish-1');
    expect(parseBulkState(serializeBulkState(start)).approval?.key).toBe('finish-1');
    const stored = JSON.parse(serializeBulkState(start)) as { approval: Record<string, unknown> };
    delete stored.approval.key;
    expect(parseBulkState(JSON.stringify(stored)).approval?.key).toBeNull();
  });

  it('from a list: approving, then approvalComplete with the approved', () => {
    const start = run({
      type: 'startApproval',
      from: 'list',
      items: [item(1)],
      origin: '/departments/properties/d1',
    });
    expect(start).toMatchObject({ mode: 'approving', approval: { from: 'list' } });
    const done = bulkTransition(start, { type: 'approvalFinished', jobId: 'finish-job' });
    expect(done).toMatchObject({ mode: 'approvalComplete', approval: { jobId: 'finish-job' } });
    expect(isFinishedFlow(done)).toBe(true);
    expect(routeAfterApproval(done.approval!)).toBe('/approved');
    expect(bulkTransition(done, { type: 'finish' })).toBe(INITIAL_BULK_STATE);
  });

  it('from /copied: back to copyComplete and /copied, the copies kept', () => {
    const start = bulkTransition(copied(), {
      type: 'startApproval',
      from: 'copied',
      items: [item(2)],
      origin: '/copied',
    });
    expect(start.mode).toBe('approving');
    const done = bulkTransition(start, { type: 'approvalFinished', jobId: 'finish-job' });
    expect(done).toMatchObject({
      mode: 'copyComplete',
      copyJobId: 'copy-job',
      approval: { jobId: 'finish-job' },
    });
    expect(done.copied).toHaveLength(2);
    expect(routeAfterApproval(done.approval!)).toBe('/copied');
  });

  it('from /approvecopied: copyComplete and its confirmation page', () => {
    const start = bulkTransition(copied(), {
      type: 'startApproval',
      from: 'approveCopied',
      items: [item(1), item(2)],
      origin: '/approvecopied',
    });
    const done = bulkTransition(start, { type: 'approvalFinished', jobId: 'finish-job' });
    expect(done.mode).toBe('copyComplete');
    expect(routeAfterApproval(done.approval!)).toBe('/approvecopied/confirmation');
  });

  it('a list approval whose origin was /copied returns to /copied', () => {
    expect(routeAfterApproval({ from: 'list', origin: '/copiedproperties' })).toBe('/copied');
  });

  it('a failed approval goes back to where it started', () => {
    const fromList = run({ type: 'startApproval', from: 'list', items: [item(1)], origin: '/x' });
    expect(bulkTransition(fromList, { type: 'approvalFailed' })).toBe(INITIAL_BULK_STATE);
    const fromCopied = bulkTransition(copied(), {
      type: 'startApproval',
      from: 'copied',
      items: [item(1)],
      origin: '/copied',
    });
    const back = bulkTransition(fromCopied, { type: 'approvalFailed' });
    expect(back).toMatchObject({ mode: 'copyComplete', approval: null });
    expect(back.copied).toHaveLength(2);
  });
});

describe('bulk mode: events that do not fit are ignored', () => {
  const cases: [string, () => BulkState, BulkEvent][] = [
    ['select targets while idle', () => INITIAL_BULK_STATE, { type: 'selectTargets', targets: [target(1)] }],
    ['paste without targets', copying, { type: 'paste', copyKey: 'k' }],
    ['paste while idle', () => INITIAL_BULK_STATE, { type: 'paste', copyKey: 'k' }],
    ['paste twice', pasted, { type: 'paste', copyKey: 'k2' }],
    ['copy of the same source while copying', withTargets, { type: 'copy', source, origin: '/y' }],
    ['copy while the copy job runs', pasted, { type: 'copy', source, origin: '/y' }],
    [
      'a job result while copying',
      withTargets,
      { type: 'copyFinished', jobId: 'j', copied: [copiedEntry(1)] },
    ],
    ['a job result twice', copied, { type: 'copyFinished', jobId: 'j', copied: [] }],
    ['a failure after the job ended', copied, { type: 'copyFailed' }],
    ['cancel while idle', () => INITIAL_BULK_STATE, { type: 'cancel' }],
    ['cancel while the copy job runs', pasted, { type: 'cancel' }],
    ['finish while copying', copying, { type: 'finish' }],
    ['finish while the copy job runs', pasted, { type: 'finish' }],
    ['finish while idle', () => INITIAL_BULK_STATE, { type: 'finish' }],
    ['an unknown copy changed', copied, { type: 'copiedChanged', assessmentId: 'nope', saved: true }],
    [
      'approve copies while idle',
      () => INITIAL_BULK_STATE,
      { type: 'startApproval', from: 'copied', items: [item(1)], origin: '/copied' },
    ],
    [
      'approve from a list while copying',
      withTargets,
      { type: 'startApproval', from: 'list', items: [item(1)], origin: '/x' },
    ],
    [
      'approve copies while the copy job runs',
      pasted,
      { type: 'startApproval', from: 'copied', items: [item(1)], origin: '/copied' },
    ],
    ['approve nothing', copied, { type: 'startApproval', from: 'copied', items: [], origin: '/copied' }],
    ['approval finished while idle', () => INITIAL_BULK_STATE, { type: 'approvalFinished', jobId: 'j' }],
    ['approval failed while copying', copying, { type: 'approvalFailed' }],
  ];
  it.each(cases)('%s', (_name, state, event) => {
    const before = state();
    expect(bulkTransition(before, event)).toBe(before);
  });
});

describe('bulk mode: routes (docs/product.md 4)', () => {
  it('after a copy: /copied, or /approvecopied when the source was ready, calculated or approved', () => {
    expect(routeAfterCopy({ status: 'draft' })).toBe('/copied');
    expect(routeAfterCopy({ status: 'rejected' })).toBe('/copied');
    expect(routeAfterCopy({ status: 'calculated' })).toBe('/approvecopied');
    expect(routeAfterCopy({ status: 'ready' })).toBe('/approvecopied');
    expect(routeAfterCopy({ status: 'approved' })).toBe('/approvecopied');
    expect(routeAfterCopy({ status: 'approvedFuture' })).toBe('/approvecopied');
    expect(routeAfterCopy(null)).toBe('/copied');
  });

  it('Edit or Evaluate: the residence, or screening 001 of the assessment in copyComplete', () => {
    const row = { residenceId: 'p1', assessmentId: 'a1' };
    expect(targetRoute('idle', row)).toEqual({ kind: 'residence', propertyId: 'p1' });
    expect(targetRoute('copying', row)).toEqual({ kind: 'residence', propertyId: 'p1' });
    expect(targetRoute('copyComplete', row)).toEqual({
      kind: 'screening',
      propertyId: 'p1',
      assessmentId: 'a1',
      questionId: '001',
    });
    expect(targetRoute('copyComplete', { residenceId: 'p2', assessmentId: null })).toEqual({
      kind: 'residence',
      propertyId: 'p2',
    });
  });

  it('knows the copies whose way back is /copied', () => {
    expect(copiedEntryOf(copied(), 'new2')?.propertyId).toBe('p2');
    expect(copiedEntryOf(copied(), 'a-src')).toBeNull();
    expect(copiedEntryOf(pasted(), 'new2')).toBeNull();
    expect(isCopiedListPath('/copied')).toBe(true);
    expect(isCopiedListPath('/copiedproperties?x=1')).toBe(true);
    expect(isCopiedListPath('/copy')).toBe(false);
  });
});

describe('bulk mode: what the copy job made (docs/product.md 3 "Copied residence")', () => {
  const made = [
    { propertyId: 'p2', newAssessmentId: 'new2' },
    { propertyId: 'p1', newAssessmentId: 'new1' },
  ];

  it('each new assessment with its residence address, not yet saved', () => {
    expect(copiedEntries(withTargets(), made)).toEqual([
      {
        propertyId: 'p2',
        assessmentId: 'new2',
        location: 'Møllevej 2',
        saved: false,
        eligibleForApproval: true,
      },
      {
        propertyId: 'p1',
        assessmentId: 'new1',
        location: 'Møllevej 1',
        saved: false,
        eligibleForApproval: true,
      },
    ]);
  });

  it('copies of a draft still need answers before they may be approved', () => {
    const draft = { ...withTargets(), source: { ...source, status: 'draft' as const } };
    expect(copiedEntries(draft, made).every((entry) => !entry.eligibleForApproval)).toBe(true);
  });

  it('the copies of a finished flow only', () => {
    expect(finishedCopies(withTargets())).toEqual([]);
    expect(finishedCopies(pasted())).toEqual([]);
    expect(finishedCopies(copied()).map((entry) => entry.assessmentId)).toEqual(['new1', 'new2']);
  });
});

describe('bulk mode: restored after a reload', () => {
  it.each([
    ['idle', () => INITIAL_BULK_STATE],
    ['copying', withTargets],
    ['copy running', pasted],
    ['copy complete', copied],
    [
      'approving',
      () =>
        bulkTransition(copied(), {
          type: 'startApproval',
          from: 'copied',
          items: [item(1)],
          origin: '/copied',
        }),
    ],
    [
      'approval complete',
      () =>
        run(
          { type: 'startApproval', from: 'list', items: [item(1)], origin: '/x' },
          { type: 'approvalFinished', jobId: 'finish-job' },
        ),
    ],
  ])('%s survives serialize and parse', (_name, state) => {
    const before = state();
    expect(parseBulkState(serializeBulkState(before))).toEqual(before);
  });

  it('nothing stored, broken JSON or a wrong shape give idle', () => {
    const broken = [
      null,
      '',
      '{',
      '[]',
      '"copying"',
      JSON.stringify({ ...withTargets(), mode: 'pasting' }),
      JSON.stringify({ ...withTargets(), source: null }),
      JSON.stringify({ ...withTargets(), targets: [{ propertyId: 'p1' }] }),
      JSON.stringify({ ...withTargets(), targets: [{ ...target(1), status: 'weird' }] }),
      JSON.stringify({ ...copied(), copied: [{ ...copiedEntry(1), saved: 'yes' }] }),
      JSON.stringify({ ...withTargets(), origin: 5 }),
      JSON.stringify({ ...pasted(), copyKey: 7 }),
      JSON.stringify({ ...INITIAL_BULK_STATE, mode: 'approving' }),
      JSON.stringify({ ...INITIAL_BULK_STATE, copied: undefined }),
    ];
    for (const raw of broken) expect(parseBulkState(raw), String(raw)).toBe(INITIAL_BULK_STATE);
  });
});
