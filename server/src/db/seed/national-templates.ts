import type { QuestionDef } from '../../../../shared/rules/catalogue';
import { answerSet, derive, type DemoAnswer } from './demo-assessments';
import type { Rng } from './demo-residences';

/**
 * The answer sets of the national seed. Answering 150,000 assessments one by one in
 * JavaScript would send millions of answer rows over the wire; instead a few hundred answer
 * sets are made with the demo seed's rules (demo-assessments.ts: valid against the catalogue,
 * derived fields computed the same way) and each assessment refers to one of them. The
 * database copies a set's answers to its assessments (national.ts).
 */

export type TemplateKind =
  'full' | 'fullConverted' | 'draftScreening' | 'draftEvaluation' | 'partial' | 'copied';

export interface AnswerTemplate {
  id: number;
  kind: TemplateKind;
  converted: boolean;
  answers: DemoAnswer[];
  screeningCompleted: boolean;
  isCalculated: boolean;
  excludedHandicaps: string[];
  handicapsForEvaluation: string[];
  lastAnsweredQuestionUniqueId: string | null;
}

export interface TemplatePool {
  all: AnswerTemplate[];
  /** Template ids per kind; `copied[i]` is a part of `full[i]` (a draft copied from an approval). */
  byKind: Record<TemplateKind, number[]>;
}

export function createTemplates(questions: readonly QuestionDef[], rng: Rng, perKind: number): TemplatePool {
  const all: AnswerTemplate[] = [];
  const byKind: Record<TemplateKind, number[]> = {
    full: [],
    fullConverted: [],
    draftScreening: [],
    draftEvaluation: [],
    partial: [],
    copied: [],
  };
  const add = (kind: TemplateKind, answers: DemoAnswer[], converted: boolean) => {
    const state = derive(questions, answers, converted);
    const template: AnswerTemplate = {
      id: all.length,
      kind,
      converted,
      answers,
      screeningCompleted: state.screeningCompleted,
      isCalculated: state.isCalculated,
      excludedHandicaps: state.excludedHandicaps,
      handicapsForEvaluation: state.handicapsForEvaluation,
      lastAnsweredQuestionUniqueId: state.lastAnsweredQuestionUniqueId,
    };
    all.push(template);
    byKind[kind].push(template.id);
    return template;
  };
  for (let i = 0; i < perKind; i++) {
    const full = add('full', answerSet(questions, rng, { screening: 1, evaluation: 1 }), false);
    add(
      'copied',
      full.answers.filter(() => rng.chance(0.6)).map((a) => ({ ...a })),
      false,
    );
    add(
      'fullConverted',
      answerSet(questions, rng, { screening: 1, evaluation: 1, skipScreening: true }),
      true,
    );
    add('draftScreening', answerSet(questions, rng, { screening: 0.5, evaluation: 0 }), false);
    add('draftEvaluation', answerSet(questions, rng, { screening: 1, evaluation: 0.45 }), false);
    add('partial', answerSet(questions, rng, { screening: 1, evaluation: 0.3 }), false);
  }
  return { all, byKind };
}
