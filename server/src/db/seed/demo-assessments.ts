import type { QuestionDef } from '../../../../shared/rules/catalogue';
import { deriveAssessmentState } from '../../../../shared/rules/assessment-state';
import type { AnswerValue } from '../../../../shared/rules/screening';
import type { AssessmentStatus } from '../schema';
import type { DemoResidence, Rng } from './demo-residences';

/**
 * Demo assessments in every status: draft, calculated, ready, approved, approved from a future
 * date, rejected, cancelled and converted, with answers that follow the catalogue's rules. Pure:
 * the caller inserts the rows.
 */

export interface DemoAnswer {
  questionUniqueId: string;
  values: string[];
  numericValue: number | null;
  comment: string | null;
}

export interface DemoAssessment {
  id: string;
  residenceId: string;
  status: AssessmentStatus;
  isCalculated: boolean;
  converted: boolean;
  screeningCompleted: boolean;
  excludedHandicaps: string[];
  handicapsForEvaluation: string[];
  validFrom: Date | null;
  futureApprovedDate: Date | null;
  sourceAssessmentId: string | null;
  lastAnsweredQuestionUniqueId: string | null;
  createdAt: Date;
  answers: DemoAnswer[];
}

type Scenario =
  | 'draft-screening'
  | 'draft-evaluation'
  | 'calculated'
  | 'ready'
  | 'approved'
  | 'approved-future'
  | 'rejected'
  | 'cancelled-then-approved'
  | 'approved-then-draft';

const SCENARIOS: readonly Scenario[] = [
  'draft-evaluation',
  'approved',
  'calculated',
  'draft-screening',
  'ready',
  'approved-future',
  'rejected',
  'approved',
  'approved-then-draft',
  'cancelled-then-approved',
];

const COMMENTS = [
  'Målt ved opgang B.',
  'Dørpumpen er netop justeret af viceværten.',
  'Beboeren oplyser, at lyset i opgangen ofte er slukket.',
  'Se foto i sagen.',
  'Målt med tommestok fra karm til dørplade.',
  'Rampen er midlertidig.',
];

export const DAY_MS = 86_400_000;

const assessmentId = (n: number) => `30000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

/** Midnight UTC of the day of `now`: the seed is the same all day long. */
export function seedDay(now: Date): Date {
  return new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
}

function answerFor(question: QuestionDef, rng: Rng): DemoAnswer {
  const base = { questionUniqueId: question.uniqueId, comment: rng.chance(0.06) ? rng.pick(COMMENTS) : null };
  if (question.type === 'numeric') {
    const start = question.rangeStart ?? 0;
    const end = question.rangeEnd ?? 100;
    // Mostly values in the upper part of the range: most residences are partly accessible.
    const raw = start + (end - start) * (0.25 + 0.75 * rng.next());
    const value = question.isDecimal ? Math.round(raw * 10) / 10 : Math.round(raw);
    return { ...base, values: [], numericValue: Math.min(end, Math.max(start, value)) };
  }
  const options = question.options ?? [];
  if (question.type === 'single') {
    // Earlier options are the accessible ones in the catalogue; favour them a little.
    const index = Math.min(options.length - 1, Math.floor(rng.next() * rng.next() * (options.length + 0.5)));
    return { ...base, values: [options[index]!.answerId], numericValue: null };
  }
  const regular = options.filter((o) => !o.exclusive);
  const chosen = regular.filter(() => rng.chance(0.5)).map((o) => o.answerId);
  const exclusive = options.find((o) => o.exclusive);
  const values = chosen.length > 0 || !exclusive ? chosen : [exclusive.answerId];
  return { ...base, values: values.length > 0 ? values : [regular[0]!.answerId], numericValue: null };
}

export function answerSet(
  questions: readonly QuestionDef[],
  rng: Rng,
  coverage: { screening: number; evaluation: number; skipScreening?: boolean },
): DemoAnswer[] {
  const answers: DemoAnswer[] = [];
  for (const question of questions) {
    const isScreening = question.chapterId === 'screening';
    if (isScreening && coverage.skipScreening) continue;
    const share = isScreening ? coverage.screening : coverage.evaluation;
    if (share >= 1 ? question.isOptional && rng.chance(0.3) : !rng.chance(share)) continue;
    answers.push(answerFor(question, rng));
  }
  return answers;
}

/** The stored fields the answers imply, by the rule the server and the form use (src/domain). */
export function derive(questions: readonly QuestionDef[], answers: DemoAnswer[], converted: boolean) {
  const map = new Map<string, AnswerValue>(answers.map((a) => [a.questionUniqueId, a]));
  return {
    ...deriveAssessmentState(questions, map, converted),
    lastAnsweredQuestionUniqueId: answers.at(-1)?.questionUniqueId ?? null,
  };
}

/** When an assessment was made and from when it holds, in days before the seed day or as dates. */
export interface SeedDates {
  createdDaysAgo: number;
  validFrom?: Date | null;
  future?: Date | null;
}

/** What a scenario has to make the assessments of one residence that is not converted. */
interface ScenarioContext {
  residence: DemoResidence;
  questions: readonly QuestionDef[];
  rng: Rng;
  today: Date;
  daysAgo: (n: number) => Date;
  /** The residence's age in days, drawn before the scenario. */
  age: number;
  screeningIds: ReadonlySet<string>;
  /** Every question answered, as in an assessment that could be approved. */
  full: () => DemoAnswer[];
  make: (
    residence: DemoResidence,
    status: AssessmentStatus,
    answers: DemoAnswer[],
    dates: SeedDates,
    sourceAssessmentId?: string | null,
  ) => DemoAssessment;
}

export function generateDemoAssessments(
  residences: readonly DemoResidence[],
  questions: readonly QuestionDef[],
  rng: Rng,
  now: Date,
): DemoAssessment[] {
  const today = seedDay(now);
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY_MS);
  const result: DemoAssessment[] = [];
  const screeningIds = new Set(questions.filter((q) => q.chapterId === 'screening').map((q) => q.uniqueId));
  let counter = 0;
  let scenarioIndex = 0;

  const make = (
    residence: DemoResidence,
    status: AssessmentStatus,
    answers: DemoAnswer[],
    dates: SeedDates,
    sourceAssessmentId: string | null = null,
  ): DemoAssessment => {
    const converted = residence.isConverted;
    const a: DemoAssessment = {
      id: assessmentId(++counter),
      residenceId: residence.id,
      status,
      converted,
      ...derive(questions, answers, converted),
      validFrom: dates.validFrom ?? null,
      futureApprovedDate: dates.future ?? null,
      sourceAssessmentId,
      createdAt: daysAgo(dates.createdDaysAgo),
      answers,
    };
    result.push(a);
    return a;
  };

  for (const residence of residences) {
    // Converted residences all carry an approved assessment migrated from the old system.
    const density = residence.isConverted ? 1 : 0.12;
    if (!rng.chance(density)) continue;
    const age = rng.int(20, 700);
    const full = () =>
      answerSet(questions, rng, { screening: 1, evaluation: 1, skipScreening: residence.isConverted });
    if (residence.isConverted) {
      make(residence, 'approved', full(), { createdDaysAgo: age, validFrom: daysAgo(age - 5) });
      continue;
    }
    const scenario = SCENARIOS[scenarioIndex++ % SCENARIOS.length]!;
    makeScenario(scenario, { residence, questions, rng, today, daysAgo, age, screeningIds, full, make });
  }
  return result;
}

/**
 * The assessments of one residence by its scenario. The dice are thrown in the order they
 * always were: the demo data is deterministic (docs/architecture.md 4).
 */
function makeScenario(scenario: Scenario, context: ScenarioContext): void {
  const { residence, questions, rng, today, daysAgo, age, screeningIds, full, make } = context;
  switch (scenario) {
    case 'draft-screening':
      make(residence, 'draft', answerSet(questions, rng, { screening: 0.5, evaluation: 0 }), {
        createdDaysAgo: rng.int(0, 20),
      });
      break;
    case 'draft-evaluation':
      make(residence, 'draft', answerSet(questions, rng, { screening: 1, evaluation: 0.45 }), {
        createdDaysAgo: rng.int(0, 40),
      });
      break;
    case 'calculated':
    case 'ready':
    case 'rejected':
      make(residence, scenario === 'calculated' ? 'draft' : scenario, full(), {
        createdDaysAgo: rng.int(1, 60),
      });
      break;
    case 'approved':
      make(residence, 'approved', full(), { createdDaysAgo: age, validFrom: daysAgo(age - 3) });
      break;
    case 'approved-future': {
      const from = new Date(today.getTime() + rng.int(14, 120) * DAY_MS);
      make(residence, 'approved', full(), {
        createdDaysAgo: rng.int(1, 30),
        validFrom: from,
        future: from,
      });
      break;
    }
    case 'cancelled-then-approved': {
      make(residence, 'cancelled', answerSet(questions, rng, { screening: 1, evaluation: 0.3 }), {
        createdDaysAgo: age + 30,
      });
      make(residence, 'approved', full(), { createdDaysAgo: age, validFrom: daysAgo(age - 2) });
      break;
    }
    case 'approved-then-draft': {
      // A re-assessment started from the approved one: the duplicate-wins rule of docs/product.md 4.
      const approved = make(residence, 'approved', full(), {
        createdDaysAgo: age,
        validFrom: daysAgo(age - 2),
      });
      // Every screening answer stays (screening comes first, docs/domain.md), and about 60 % of
      // the rest; the dice are thrown for each answer all the same, so that the residences
      // after this one get the demo data they always had.
      const copied = approved.answers
        .filter((a) => rng.chance(0.6) || screeningIds.has(a.questionUniqueId))
        .map((a) => ({ ...a }));
      make(residence, 'draft', copied, { createdDaysAgo: rng.int(0, 10) }, approved.id);
      break;
    }
  }
}
