import { describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../shared/contract/history';
import { eventByline, eventTitle } from '../../src/features/residence/components/assessment-history';
import { translate } from '../../src/i18n/translate';
import type { Translate } from '../../src/i18n/translate';

const t: Translate = (key, params) => translate(key, params);
const event = (over: Partial<HistoryEvent>): HistoryEvent => ({
  kind: 'created',
  at: '2026-11-28T09:40:00.000Z',
  by: 'Sofie Skriver',
  byJob: false,
  count: null,
  day: null,
  sourceAssessmentId: null,
  sourceAddress: null,
  validFrom: null,
  ...over,
});

/** The timeline's words for each event (docs/domain.md 5.6). */
describe('the history timeline in words', () => {
  it('names the source of a copy, counts answers and tells an approval from a later date', () => {
    expect(eventTitle(t, event({ kind: 'copied', sourceAddress: 'Skovvej 3, 2. th., 8210' }))).toBe(
      'Kopieret fra Skovvej 3, 2. th., 8210',
    );
    expect(eventTitle(t, event({ kind: 'copied' }))).toBe('Kopieret fra en anden vurdering');
    expect(eventTitle(t, event({ kind: 'answered', count: 1 }))).toBe('1 svar givet');
    expect(eventTitle(t, event({ kind: 'answered', count: 14 }))).toBe('14 svar givet');
    // Approved today: from midnight, before the moment of approval.
    expect(eventTitle(t, event({ kind: 'approved', validFrom: '2026-11-27T23:00:00.000Z' }))).toBe(
      'Godkendt',
    );
    expect(eventTitle(t, event({ kind: 'approved', validFrom: '2026-12-15T11:00:00.000Z' }))).toBe(
      'Godkendt med virkning fra 15.12.26',
    );
    for (const kind of ['created', 'unlocked', 'calculated', 'deleted', 'replaced'] as const)
      expect(eventTitle(t, event({ kind })), kind).not.toMatch(/^history\./);
  });

  it('says who and when, and that a bulk job did it', () => {
    expect(eventByline(t, event({}))).toMatch(/^Sofie Skriver · 28\.11\.26 kl\. \d\d\.40$/);
    expect(eventByline(t, event({ byJob: true, by: null }))).toMatch(
      /^Ukendt bruger · .* · via massehandling$/,
    );
  });
});
