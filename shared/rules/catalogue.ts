import type { HandicapType } from './handicaps';

/**
 * The shape of the question catalogue as the server stores it (docs/architecture.md 3,
 * docs/domain.md 3 and 4). Scoring and screening rules travel with the question so
 * that the server computes outcomes from the database, not from code.
 */

export type QuestionType = 'numeric' | 'single' | 'multiple';
export type ChapterKind = 'screening' | 'evaluation';

/** Accessible (1), partly (0.5), not (0), or not applicable (null: leaves the denominator). */
export type Outcome = 1 | 0.5 | 0 | null;

/** A numeric band matches when min <= value <= max (either bound may be left out). */
export interface NumericBand {
  min?: number;
  max?: number;
  outcome: Outcome;
}

/** All given parts must hold: every id of allOf selected, at least one of anyOf, minCount ids. */
export interface MultiCondition {
  allOf?: string[];
  anyOf?: string[];
  minCount?: number;
}

/** Scoring of a multiple-choice answer for one handicap type; first matching rule wins. */
export interface MultiScoring {
  /** Any of these selected makes the question not applicable (e.g. "Der er ingen porttelefon"). */
  notApplicableIf?: string[];
  accessible: MultiCondition;
  partly?: MultiCondition;
}

export interface OptionDef {
  /** Stable answer id, unique within the catalogue, e.g. "S01-a". */
  answerId: string;
  label: string;
  /** Outcome per handicap type when this option is chosen (single choice). */
  outcomes?: Partial<Record<HandicapType, Outcome>>;
  /** Screening: choosing this option excludes these handicap types. */
  excludes?: HandicapType[];
  /** Screening: choosing this option only warns about these types (soft exclusion, S10). */
  warns?: HandicapType[];
  /** Multiple choice: this option cannot be combined with others ("Ingen af delene"). */
  exclusive?: boolean;
}

export interface NumericExclusion {
  handicap: HandicapType;
  /** Excluded when the value is strictly below this number. */
  below?: number;
  /** Excluded when the value is strictly above this number. */
  above?: number;
}

export interface HelpText {
  header: string;
  /** Plain paragraphs separated by blank lines; may use <strong>, <em>, <ul>, <li>, <p>. */
  bodyText: string;
  caption?: string;
  imageUrl?: string;
  mobileImageUrl?: string;
}

export interface QuestionDef {
  /** Stable id across the catalogue, e.g. "S01", "IND-01". */
  uniqueId: string;
  /** Chapter id, e.g. "screening", "ANK". */
  chapterId: string;
  /** Short title shown in the table of contents and missing-question lists. */
  title: string;
  /** The full question text. */
  text: string;
  type: QuestionType;
  isOptional: boolean;
  relevantTo: HandicapType[];
  measurementUnits?: 'cm' | 'mm';
  rangeStart?: number;
  rangeEnd?: number;
  isDecimal?: boolean;
  options?: OptionDef[];
  /** Numeric scoring per handicap type; first matching band wins, none matching scores 0. */
  numericScoring?: Partial<Record<HandicapType, NumericBand[]>>;
  /** Multiple-choice scoring per handicap type. */
  multiScoring?: Partial<Record<HandicapType, MultiScoring>>;
  /** Screening exclusions of a numeric question. */
  numericExclusions?: NumericExclusion[];
  /** A 0 on this question for these types caps the type at "Delvist egnet". */
  criticalFor?: HandicapType[];
  /** Source note for assessors and reviewers (BR18 paragraph, SBi, TIBS). */
  source?: string;
  help: HelpText;
}

export interface ChapterDef {
  id: string;
  kind: ChapterKind;
  label: string;
  /** One or two sentences shown in the chapter breaker. */
  description: string;
}
