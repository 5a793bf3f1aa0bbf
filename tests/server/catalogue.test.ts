import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, it, expect } from 'vitest';
import { CHAPTERS, QUESTIONS } from '../../server/src/db/seed/catalogue';
import type { NumericBand, Outcome, QuestionDef } from '../../shared/rules/catalogue';
import {
  FIXED_OPTIONAL_HANDICAPS,
  SCREENED_HANDICAPS,
  isHandicapType,
  type HandicapType,
} from '../../shared/rules/handicaps';

/** Where the app's static files come from (public/ is copied into the build as it is). */
const PUBLIC_DIR = path.join(import.meta.dirname, '../../public');

const screening = QUESTIONS.filter((q) => q.chapterId === 'screening');
const evaluation = QUESTIONS.filter((q) => q.chapterId !== 'screening');
const OUTCOMES: readonly Outcome[] = [1, 0.5, 0, null];

function bandMatches(band: NumericBand, value: number): boolean {
  return (band.min === undefined || value >= band.min) && (band.max === undefined || value <= band.max);
}

/** Sample values across a numeric question's range: every step plus both sides of every bound. */
function sampleValues(q: QuestionDef): number[] {
  const start = q.rangeStart!;
  const end = q.rangeEnd!;
  const step = q.isDecimal ? 0.005 : 1;
  const values: number[] = [];
  for (let i = 0; start + i * step <= end + 1e-9; i++) values.push(Math.min(end, start + i * step));
  const bounds = Object.values(q.numericScoring ?? {}).flatMap((bands) =>
    (bands ?? []).flatMap((b) => [b.min, b.max].filter((x): x is number => x !== undefined)),
  );
  const epsilon = q.isDecimal ? 0.001 : 1;
  for (const b of bounds) values.push(b, b - epsilon, b + epsilon);
  return values.filter((v) => v >= start && v <= end);
}

/** Scoring keys per question: option outcomes, numericScoring and multiScoring. */
function scoredTypes(q: QuestionDef): Set<string> {
  const keys = new Set<string>();
  for (const option of q.options ?? []) Object.keys(option.outcomes ?? {}).forEach((k) => keys.add(k));
  Object.keys(q.numericScoring ?? {}).forEach((k) => keys.add(k));
  Object.keys(q.multiScoring ?? {}).forEach((k) => keys.add(k));
  return keys;
}

describe('catalogue chapters', () => {
  it('starts with the screening chapter, followed by the eight evaluation chapters', () => {
    expect(CHAPTERS.map((c) => c.id)).toEqual([
      'screening',
      'ANK',
      'IND',
      'ETA',
      'ENT',
      'KOK',
      'BAD',
      'OPH',
      'UDE',
    ]);
    expect(CHAPTERS[0]!.kind).toBe('screening');
    expect(CHAPTERS.slice(1).every((c) => c.kind === 'evaluation')).toBe(true);
  });

  it('has ASCII ids, a label and a description for every chapter', () => {
    for (const chapter of CHAPTERS) {
      expect(chapter.id, chapter.id).toMatch(/^[A-Za-z]+$/);
      expect(chapter.label.trim(), chapter.id).not.toBe('');
      expect(chapter.description.trim(), chapter.id).not.toBe('');
    }
  });

  it('keeps the questions grouped in chapter order, every chapter holding at least one question', () => {
    const order = CHAPTERS.map((c) => c.id);
    const positions = QUESTIONS.map((q) => order.indexOf(q.chapterId));
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    for (const chapter of CHAPTERS) {
      expect(
        QUESTIONS.some((q) => q.chapterId === chapter.id),
        chapter.id,
      ).toBe(true);
    }
  });
});

describe('catalogue questions', () => {
  it('has exactly 10 screening questions and 60–66 evaluation questions', () => {
    expect(screening.map((q) => q.uniqueId)).toEqual(
      Array.from({ length: 10 }, (_, i) => `S${String(i + 1).padStart(2, '0')}`),
    );
    expect(evaluation.length).toBeGreaterThanOrEqual(60);
    expect(evaluation.length).toBeLessThanOrEqual(66);
  });

  it('has unique uniqueIds in ASCII, evaluation ids prefixed by their chapter id', () => {
    const ids = QUESTIONS.map((q) => q.uniqueId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const q of evaluation) expect(q.uniqueId).toMatch(new RegExp(`^${q.chapterId}-\\d{2}$`));
  });

  it('puts every question in an existing chapter', () => {
    const chapterIds = new Set(CHAPTERS.map((c) => c.id));
    for (const q of QUESTIONS) expect(chapterIds.has(q.chapterId), q.uniqueId).toBe(true);
  });

  it('has unique answerIds across the catalogue, named uniqueId-a, -b, … in option order', () => {
    const answerIds = QUESTIONS.flatMap((q) => (q.options ?? []).map((o) => o.answerId));
    expect(new Set(answerIds).size).toBe(answerIds.length);
    for (const q of QUESTIONS) {
      (q.options ?? []).forEach((option, i) => {
        expect(option.answerId, q.uniqueId).toBe(`${q.uniqueId}-${String.fromCharCode(97 + i)}`);
        expect(option.label.trim(), option.answerId).not.toBe('');
      });
    }
  });

  it('has a title (at most 50 characters) and a question text', () => {
    for (const q of QUESTIONS) {
      expect(q.title.trim().length, q.uniqueId).toBeGreaterThan(0);
      expect(q.title.length, q.uniqueId).toBeLessThanOrEqual(50);
      expect(q.text.trim().length, q.uniqueId).toBeGreaterThan(0);
    }
  });

  it('has a non-empty relevantTo of distinct valid handicap types', () => {
    for (const q of QUESTIONS) {
      expect(q.relevantTo.length, q.uniqueId).toBeGreaterThan(0);
      expect(new Set(q.relevantTo).size, q.uniqueId).toBe(q.relevantTo.length);
      for (const h of q.relevantTo) expect(isHandicapType(h), `${q.uniqueId}: ${h}`).toBe(true);
    }
  });

  it('marks questions relevant only to the fixed optional groups as optional', () => {
    const fixed: readonly string[] = FIXED_OPTIONAL_HANDICAPS;
    const onlyFixed = QUESTIONS.filter((q) => q.relevantTo.every((h) => fixed.includes(h)));
    expect(onlyFixed.length).toBeGreaterThan(0);
    for (const q of onlyFixed) expect(q.isOptional, q.uniqueId).toBe(true);
  });

  it('gives every question help with a header and a body text', () => {
    for (const q of QUESTIONS) {
      expect(q.help.header.trim(), q.uniqueId).not.toBe('');
      expect(q.help.bodyText.trim(), q.uniqueId).not.toBe('');
      expect(q.help.bodyText, q.uniqueId).toMatch(/^<p>[\s\S]*<\/p>$/);
    }
  });

  it('points every help picture at a file of our own that exists, a phone picture only beside one', () => {
    const withPictures = QUESTIONS.filter((q) => q.help.imageUrl !== undefined);
    expect(withPictures.map((q) => q.uniqueId).sort()).toEqual(['BAD-02', 'ENT-01', 'ENT-02', 'ENT-03']);
    for (const q of QUESTIONS) {
      if (q.help.mobileImageUrl !== undefined) expect(q.help.imageUrl, q.uniqueId).toBeDefined();
      for (const url of [q.help.imageUrl, q.help.mobileImageUrl].filter((u) => u !== undefined)) {
        expect(url, q.uniqueId).toMatch(/^\/help\/[a-z-]+\.svg$/);
        expect(existsSync(path.join(PUBLIC_DIR, url)), url).toBe(true);
      }
    }
  });

  it('gives numeric questions a unit and a sensible range, and no options', () => {
    const numeric = QUESTIONS.filter((q) => q.type === 'numeric');
    expect(numeric.length).toBeGreaterThan(0);
    for (const q of numeric) {
      expect(['cm', 'mm'], q.uniqueId).toContain(q.measurementUnits);
      expect(typeof q.rangeStart, q.uniqueId).toBe('number');
      expect(typeof q.rangeEnd, q.uniqueId).toBe('number');
      expect(q.rangeStart!, q.uniqueId).toBeLessThan(q.rangeEnd!);
      expect(typeof q.isDecimal, q.uniqueId).toBe('boolean');
      expect(q.options, q.uniqueId).toBeUndefined();
      expect(q.multiScoring, q.uniqueId).toBeUndefined();
    }
  });

  it('keeps every numeric band bound and exclusion threshold inside the range', () => {
    for (const q of QUESTIONS.filter((x) => x.type === 'numeric')) {
      const inRange = (v: number) => v >= q.rangeStart! && v <= q.rangeEnd!;
      for (const [type, bands] of Object.entries(q.numericScoring ?? {})) {
        for (const band of bands ?? []) {
          if (band.min !== undefined) expect(inRange(band.min), `${q.uniqueId} ${type} min`).toBe(true);
          if (band.max !== undefined) expect(inRange(band.max), `${q.uniqueId} ${type} max`).toBe(true);
          if (band.min !== undefined && band.max !== undefined) {
            expect(band.min, `${q.uniqueId} ${type}`).toBeLessThanOrEqual(band.max);
          }
          expect(OUTCOMES, `${q.uniqueId} ${type}`).toContain(band.outcome);
        }
      }
      for (const rule of q.numericExclusions ?? []) {
        expect(rule.below !== undefined || rule.above !== undefined, q.uniqueId).toBe(true);
        if (rule.below !== undefined) expect(inRange(rule.below), `${q.uniqueId} below`).toBe(true);
        if (rule.above !== undefined) expect(inRange(rule.above), `${q.uniqueId} above`).toBe(true);
      }
    }
  });

  it('has numeric bands that cover the whole range, so every valid value gets a band', () => {
    for (const q of evaluation.filter((x) => x.type === 'numeric')) {
      const values = sampleValues(q);
      for (const [type, bands] of Object.entries(q.numericScoring ?? {})) {
        expect((bands ?? []).length, `${q.uniqueId} ${type}`).toBeGreaterThan(0);
        const uncovered = values.filter((v) => !(bands ?? []).some((b) => bandMatches(b, v)));
        expect(uncovered, `${q.uniqueId} ${type}`).toEqual([]);
      }
    }
  });

  it('gives choice questions at least two options and no numeric fields', () => {
    for (const q of QUESTIONS.filter((x) => x.type !== 'numeric')) {
      expect((q.options ?? []).length, q.uniqueId).toBeGreaterThanOrEqual(2);
      expect(q.measurementUnits, q.uniqueId).toBeUndefined();
      expect(q.rangeStart, q.uniqueId).toBeUndefined();
      expect(q.rangeEnd, q.uniqueId).toBeUndefined();
      expect(q.isDecimal, q.uniqueId).toBeUndefined();
      expect(q.numericScoring, q.uniqueId).toBeUndefined();
      expect(q.numericExclusions, q.uniqueId).toBeUndefined();
    }
  });

  it('uses exclusive options only in multiple-choice questions, and multiScoring only there', () => {
    for (const q of QUESTIONS) {
      if (q.type !== 'multiple') {
        expect(
          (q.options ?? []).some((o) => o.exclusive),
          q.uniqueId,
        ).toBe(false);
        expect(q.multiScoring, q.uniqueId).toBeUndefined();
      } else {
        expect(
          (q.options ?? []).some((o) => o.outcomes),
          q.uniqueId,
        ).toBe(false);
      }
    }
  });

  it('scores only the handicap types a question is relevant to', () => {
    for (const q of QUESTIONS) {
      const relevant: readonly string[] = q.relevantTo;
      for (const type of scoredTypes(q)) expect(relevant, `${q.uniqueId}: ${type}`).toContain(type);
      for (const option of q.options ?? []) {
        for (const outcome of Object.values(option.outcomes ?? {})) {
          expect(OUTCOMES, option.answerId).toContain(outcome);
        }
      }
    }
  });

  it('has a scoring rule for every relevant type of every evaluation question', () => {
    for (const q of evaluation) {
      for (const type of q.relevantTo) {
        const hasOutcome = (q.options ?? []).some((o) => o.outcomes !== undefined && type in o.outcomes);
        const hasNumeric = (q.numericScoring?.[type] ?? []).length > 0;
        const hasMulti = q.multiScoring?.[type] !== undefined;
        expect(hasOutcome || hasNumeric || hasMulti, `${q.uniqueId}: ${type}`).toBe(true);
        if (q.type === 'numeric') expect(hasNumeric, `${q.uniqueId}: ${type}`).toBe(true);
        if (q.type === 'multiple') expect(hasMulti, `${q.uniqueId}: ${type}`).toBe(true);
        if (q.type === 'single') {
          // A single-choice rule must cover every option for that type (null = not applicable).
          for (const option of q.options ?? []) {
            expect(
              option.outcomes !== undefined && type in option.outcomes,
              `${option.answerId}: ${type}`,
            ).toBe(true);
          }
        }
      }
    }
  });

  it('references only the question’s own options in multiScoring', () => {
    const withMulti = QUESTIONS.filter((q) => q.multiScoring);
    expect(withMulti.length).toBeGreaterThan(0);
    for (const q of withMulti) {
      const own = new Set((q.options ?? []).map((o) => o.answerId));
      for (const [type, rule] of Object.entries(q.multiScoring ?? {})) {
        const conditions = [rule!.accessible, ...(rule!.partly ? [rule!.partly] : [])];
        const ids = [
          ...(rule!.notApplicableIf ?? []),
          ...conditions.flatMap((c) => [...(c.allOf ?? []), ...(c.anyOf ?? [])]),
        ];
        for (const id of ids) expect(own.has(id), `${q.uniqueId} ${type}: ${id}`).toBe(true);
        for (const c of conditions) {
          const parts = (c.allOf?.length ?? 0) + (c.anyOf?.length ?? 0) + (c.minCount ?? 0);
          expect(parts, `${q.uniqueId} ${type}: empty condition`).toBeGreaterThan(0);
          if (c.minCount !== undefined) {
            expect(c.minCount, `${q.uniqueId} ${type}`).toBeLessThanOrEqual(own.size);
          }
        }
      }
    }
  });

  it('has critical items only in evaluation, for relevant types', () => {
    for (const q of QUESTIONS.filter((x) => x.criticalFor)) {
      expect(q.chapterId, q.uniqueId).not.toBe('screening');
      const relevant: readonly string[] = q.relevantTo;
      for (const h of q.criticalFor!) expect(relevant, `${q.uniqueId}: ${h}`).toContain(h);
    }
  });

  it('marks the proposed critical items of docs/domain.md 4', () => {
    const critical = (type: HandicapType) =>
      QUESTIONS.filter((q) => q.criticalFor?.includes(type))
        .map((q) => q.uniqueId)
        .sort();
    expect(critical('wheelchair')).toEqual([
      'BAD-02',
      'ENT-01',
      'ENT-02',
      'ETA-01',
      'ETA-02',
      'IND-01',
      'IND-02',
    ]);
    expect(critical('mobility')).toEqual(['BAD-01', 'ETA-09']);
    expect(critical('vision')).toEqual(['ETA-10']);
    expect(critical('hearing')).toEqual(['IND-08']);
  });
});

describe('screening rules', () => {
  it('excludes only screened handicap types', () => {
    const screened: readonly string[] = SCREENED_HANDICAPS;
    let rules = 0;
    for (const q of screening) {
      for (const option of q.options ?? []) {
        for (const h of option.excludes ?? []) {
          rules++;
          expect(screened, `${option.answerId}: ${h}`).toContain(h);
        }
        for (const h of option.warns ?? []) expect(isHandicapType(h), `${option.answerId}: ${h}`).toBe(true);
      }
      for (const rule of q.numericExclusions ?? []) {
        rules++;
        expect(screened, `${q.uniqueId}: ${rule.handicap}`).toContain(rule.handicap);
      }
    }
    expect(rules).toBeGreaterThan(0);
  });

  it('keeps exclusions and warnings out of evaluation questions', () => {
    for (const q of evaluation) {
      expect(q.numericExclusions, q.uniqueId).toBeUndefined();
      for (const option of q.options ?? []) {
        expect(option.excludes, option.answerId).toBeUndefined();
        expect(option.warns, option.answerId).toBeUndefined();
      }
    }
  });

  it('encodes the exclusion rules of docs/domain.md 3.1', () => {
    const excludes = (answerId: string) =>
      screening.flatMap((q) => q.options ?? []).find((o) => o.answerId === answerId)?.excludes ?? [];
    expect(excludes('S01-c')).toEqual(['wheelchair']);
    expect(excludes('S01-d')).toEqual(['wheelchair']);
    expect(excludes('S02-c')).toEqual(expect.arrayContaining(['wheelchair', 'mobility']));
    expect(excludes('S03-b')).toEqual(['wheelchair']);
    expect(excludes('S03-c')).toEqual([]);
    expect(excludes('S03-d')).toEqual([]);
    expect(excludes('S07-a')).toEqual(['wheelchair']);
    expect(excludes('S08-a')).toEqual(expect.arrayContaining(['vision', 'mobility', 'wheelchair']));
    const s05 = screening.find((q) => q.uniqueId === 'S05')!;
    expect(s05.numericExclusions).toEqual(
      expect.arrayContaining([
        { handicap: 'wheelchair', below: 77 },
        { handicap: 'mobility', below: 67 },
      ]),
    );
    const s10 = screening.find((q) => q.uniqueId === 'S10')!;
    expect(s10.options!.flatMap((o) => o.excludes ?? [])).toEqual([]);
    expect(s10.options!.find((o) => o.label === 'Ja')?.warns).toEqual(['hearing']);
  });
});
