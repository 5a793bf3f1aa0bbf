import type { HandicapType } from './handicaps';
import type { NumericExclusion } from './catalogue';

/**
 * The screening exclusions of the catalogue (docs/domain.md 3.1): which screening answers exclude
 * which handicap types. The seed writes them into the questions' definitions
 * (server/src/db/seed/catalogue/screening.ts takes them from here), and the form reads them to
 * hide, offline, the questions the server would hide (docs/architecture.md 2, "The form
 * offline"): the question list the API sends carries no exclusions, and changing its fields
 * would change the API. One table for both, so that they cannot drift apart in this repository.
 */

/** A screening option's answer id → the handicap types choosing it excludes. */
const OPTION_EXCLUDES: Readonly<Record<string, readonly HandicapType[]>> = {
  'S01-c': ['wheelchair'],
  'S01-d': ['wheelchair'],
  'S02-c': ['wheelchair', 'mobility'],
  'S03-b': ['wheelchair'],
  'S04-b': ['wheelchair', 'mobility'],
  'S06-b': ['wheelchair'],
  'S06-c': ['wheelchair', 'mobility'],
  'S07-a': ['wheelchair'],
  'S08-a': ['vision', 'mobility', 'wheelchair'],
};

/** A numeric screening question's uniqueId → its exclusions. */
const NUMERIC_EXCLUSIONS: Readonly<Record<string, readonly NumericExclusion[]>> = {
  S05: [
    { handicap: 'wheelchair', below: 77 },
    { handicap: 'mobility', below: 67 },
  ],
};

/** The types choosing this option excludes, as the form reads them (undefined: it excludes none). */
export const optionExcludes = (answerId: string): readonly HandicapType[] | undefined =>
  OPTION_EXCLUDES[answerId];

/** The exclusions of a numeric screening question, as the form reads them (undefined: none). */
export const numericExclusions = (uniqueId: string): readonly NumericExclusion[] | undefined =>
  NUMERIC_EXCLUSIONS[uniqueId];

/** For the seed's definitions: the exclusions of an option that has some (a typo throws). */
export function excludesOf(answerId: string): HandicapType[] {
  const excludes = OPTION_EXCLUDES[answerId];
  if (!excludes) throw new Error(`screening option ${answerId} excludes nothing`);
  return [...excludes];
}

/** For the seed's definitions: the exclusions of a numeric question that has some. */
export function numericExclusionsOf(uniqueId: string): NumericExclusion[] {
  const exclusions = NUMERIC_EXCLUSIONS[uniqueId];
  if (!exclusions) throw new Error(`screening question ${uniqueId} has no numeric exclusions`);
  return exclusions.map((e) => ({ ...e }));
}

/** Every option id with exclusions: tests/domain/offline-answer.test.ts checks the seed uses each. */
export const SCREENING_EXCLUDING_OPTIONS: readonly string[] = Object.keys(OPTION_EXCLUDES);
