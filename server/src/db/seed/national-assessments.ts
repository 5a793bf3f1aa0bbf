import type { AssessmentStatus } from '../schema';
import { DAY_MS, seedDay, type SeedDates } from './demo-assessments';
import { createRng, mixSeed, type Rng } from './demo-residences';
import type { NationalPlan, NationalResidence } from './national-data';
import type { TemplateKind, TemplatePool } from './national-templates';

/**
 * The assessments of the national data set (docs/performance.md "National scale"), dealt out
 * over its residences as national-data.ts streams them: deterministic like the rest of it.
 */

/** The ids of national-data.ts's kind: a prefix of the table, then the number in hex. */
const assessmentId = (n: number) => `a3000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

export interface NationalAssessment {
  id: string;
  residenceId: string;
  organizationId: string;
  status: AssessmentStatus;
  /** The answer set (national-templates.ts) whose answers and derived fields it has. */
  template: number;
  validFrom: Date | null;
  futureApprovedDate: Date | null;
  sourceAssessmentId: string | null;
  createdAt: Date;
}

type Scenario =
  | 'approved'
  | 'approved-future'
  | 'cancelled-then-approved'
  | 'approved-then-draft'
  | 'draft-screening'
  | 'draft-evaluation'
  | 'calculated'
  | 'ready'
  | 'rejected';

/**
 * The demo seed's scenarios in the proportions of a system in use for years: most
 * assessments approved, about one in seven still being worked on.
 */
const SCENARIOS: readonly Scenario[] = [
  ...Array.from({ length: 30 }, (): Scenario => 'approved'),
  ...(['draft-evaluation', 'approved', 'calculated', 'approved', 'cancelled-then-approved'] as const),
  ...(['draft-screening', 'ready', 'approved-future', 'rejected', 'approved-then-draft'] as const),
];

/** What a scenario has to deal the assessments of one residence that is not converted. */
interface DealContext {
  rng: Rng;
  templates: TemplatePool;
  today: Date;
  daysAgo: (n: number) => Date;
  /** The residence's age in days, drawn before the scenario. */
  age: number;
  make: (
    status: AssessmentStatus,
    kind: TemplateKind,
    dates: SeedDates,
    sourceAssessmentId?: string | null,
    template?: number,
  ) => NationalAssessment;
}

/**
 * Deals the plan's assessments out over its residences as they stream by: evenly spread,
 * `scale.assessments` in all, each with one of the answer sets of `templates`.
 */
export function createAssessmentDealer(plan: NationalPlan, templates: TemplatePool, now: Date) {
  const rng = createRng(mixSeed(plan.seed, 0xa55e));
  const { residences: total, assessments: wanted } = plan.scale;
  const today = seedDay(now);
  const daysAgo = (n: number) => new Date(today.getTime() - n * DAY_MS);
  let made = 0;
  let seen = 0;
  let scenarioIndex = 0;

  return (residence: NationalResidence): NationalAssessment[] => {
    const index = seen++;
    if (made >= Math.floor(((index + 1) * wanted) / total)) return [];
    const out: NationalAssessment[] = [];
    const make = (
      status: AssessmentStatus,
      kind: TemplateKind,
      dates: SeedDates,
      sourceAssessmentId: string | null = null,
      template = rng.int(0, templates.byKind[kind].length - 1),
    ) => {
      const a: NationalAssessment = {
        id: assessmentId(++made),
        residenceId: residence.id,
        organizationId: residence.organizationId,
        status,
        template: templates.byKind[kind][template]!,
        validFrom: dates.validFrom ?? null,
        futureApprovedDate: dates.future ?? null,
        sourceAssessmentId,
        createdAt: daysAgo(dates.createdDaysAgo),
      };
      out.push(a);
      return a;
    };
    const age = rng.int(20, 1500);
    if (residence.isConverted) {
      make('approved', 'fullConverted', { createdDaysAgo: age, validFrom: daysAgo(age - 5) });
      return out;
    }
    let scenario = SCENARIOS[scenarioIndex++ % SCENARIOS.length]!;
    const twoOf = scenario === 'cancelled-then-approved' || scenario === 'approved-then-draft';
    if (twoOf && made + 2 > wanted) scenario = 'approved';
    dealScenario(scenario, { rng, templates, today, daysAgo, age, make });
    return out;
  };
}

/**
 * The assessments of one residence by its scenario. The dice are thrown in the order they
 * always were: the national data set is deterministic (docs/performance.md "National scale").
 */
function dealScenario(scenario: Scenario, context: DealContext): void {
  const { rng, templates, today, daysAgo, age, make } = context;
  switch (scenario) {
    case 'approved':
      make('approved', 'full', { createdDaysAgo: age, validFrom: daysAgo(age - 3) });
      break;
    case 'approved-future': {
      const from = new Date(today.getTime() + rng.int(14, 120) * DAY_MS);
      make('approved', 'full', { createdDaysAgo: rng.int(1, 30), validFrom: from, future: from });
      break;
    }
    case 'cancelled-then-approved':
      make('cancelled', 'partial', { createdDaysAgo: age + 30 });
      make('approved', 'full', { createdDaysAgo: age, validFrom: daysAgo(age - 2) });
      break;
    case 'approved-then-draft': {
      // A re-assessment started from the approved one (docs/product.md 4): its answers are a
      // part of the approval's (copied[i] is taken from full[i]).
      const pair = rng.int(0, templates.byKind.full.length - 1);
      const approved = make(
        'approved',
        'full',
        { createdDaysAgo: age, validFrom: daysAgo(age - 2) },
        null,
        pair,
      );
      make('draft', 'copied', { createdDaysAgo: rng.int(0, 10) }, approved.id, pair);
      break;
    }
    case 'draft-screening':
      make('draft', 'draftScreening', { createdDaysAgo: rng.int(0, 20) });
      break;
    case 'draft-evaluation':
      make('draft', 'draftEvaluation', { createdDaysAgo: rng.int(0, 40) });
      break;
    case 'calculated':
    case 'ready':
    case 'rejected':
      make(scenario === 'calculated' ? 'draft' : scenario, 'full', { createdDaysAgo: rng.int(1, 60) });
      break;
  }
}
