import { describe, expect, it } from 'vitest';
import {
  approvalItems,
  copiedCandidates,
  futureDayOf,
  parseApprovalRequest,
} from '../../src/domain/bulk-approval';

const candidate = (n: number) => ({ propertyId: `p${n}`, assessmentId: `a${n}`, location: `Møllevej ${n}` });

describe('the approval request handed to /approve (docs/product.md 2)', () => {
  it('is read back from the navigation state or the session as it was handed over', () => {
    const request = {
      from: 'list',
      properties: [candidate(1), candidate(2)],
      origin: '/departments/properties/d1?x=1',
    };
    expect(parseApprovalRequest(JSON.parse(JSON.stringify(request)))).toEqual(request);
  });

  it('keeps an assessment listed twice once', () => {
    const parsed = parseApprovalRequest({
      from: 'copied',
      properties: [candidate(1), candidate(1)],
      origin: '/copied',
    });
    expect(parsed?.properties).toEqual([candidate(1)]);
  });

  it.each([
    ['nothing', undefined],
    ['no residences', { from: 'list', properties: [], origin: '/x' }],
    ['an unknown flow', { from: 'elsewhere', properties: [candidate(1)], origin: '/x' }],
    [
      'a residence without its assessment',
      { from: 'list', properties: [{ propertyId: 'p1', location: '' }], origin: '/x' },
    ],
    ['an origin on another site', { from: 'list', properties: [candidate(1)], origin: '//evil.example/x' }],
    [
      'an origin that is not a path',
      { from: 'list', properties: [candidate(1)], origin: 'https://evil.example' },
    ],
  ])('is refused with %s', (_, value) => {
    expect(parseApprovalRequest(value)).toBeNull();
  });
});

describe('what the finish job is sent and what it approved (docs/product.md 3 "approval item")', () => {
  it('approves every chosen assessment from the same day', () => {
    expect(approvalItems([candidate(1), candidate(2)], '2026-12-15T00:00:00+01:00')).toEqual([
      { assessmentId: 'a1', propertyId: 'p1', validFrom: '2026-12-15T00:00:00+01:00' },
      { assessmentId: 'a2', propertyId: 'p2', validFrom: '2026-12-15T00:00:00+01:00' },
    ]);
  });

  it('in the copied flow, approves the copies ready for approval', () => {
    const copied = [
      { ...candidate(1), saved: false, eligibleForApproval: true },
      { ...candidate(2), saved: true, eligibleForApproval: false },
    ];
    expect(copiedCandidates(copied)).toEqual([candidate(1)]);
  });
});

describe('"Gælder fra" on /approved (docs/product.md 4)', () => {
  const now = new Date(2026, 10, 23, 23, 30);

  it('is the chosen day of an approval from a later day', () => {
    expect(futureDayOf('2026-12-15T00:00:00+01:00', now)).toBe('2026-12-15');
    expect(futureDayOf('2026-11-24T00:00:00+01:00', now)).toBe('2026-11-24');
  });

  it('is absent for an approval from today, whatever the hour', () => {
    expect(futureDayOf('2026-11-23T23:30:00+01:00', now)).toBeNull();
    expect(futureDayOf('not a date', now)).toBeNull();
  });
});
