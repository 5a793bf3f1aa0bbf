import type { Question } from './answer-validation';
import type { QuestionDef } from './catalogue';
import { excludedHandicaps, isHiddenQuestion } from './screening';

/**
 * The question list of a new assessment, made on the device from the list of any other
 * assessment (issue 12: screening starts offline, docs/architecture.md 2 "Offline start"). Every
 * assessment lists the same catalogue; only the answers differ. So every answer field is
 * cleared (value, options, comment, preselection) and `isHidden` is what the shared screening
 * rules give with no answers, as the server computes it for a fresh assessment
 * (server/src/domain/question-list.ts). Pure; the given list is left as it is.
 */
export function blankQuestionList(questions: readonly Question[]): Question[] {
  // No screening answer yet, so nothing is excluded (the same call the server makes).
  const excluded = excludedHandicaps([], new Map());
  return questions.map((question) => ({
    ...question,
    isHidden: isHiddenQuestion(ruleFieldsOf(question), excluded),
    isPreselected: false,
    comment: null,
    numericQuestionValue: null,
    numericQuestionSettings: question.numericQuestionSettings && { ...question.numericQuestionSettings },
    chapter: { ...question.chapter },
    options: question.options.map((option) => ({ ...option, isSelected: false })),
    relevantTo: [...question.relevantTo],
  }));
}

/**
 * The fields isHiddenQuestion reads of a catalogue question (its chapter and the handicap types
 * it is relevant to), from a question as the API sends it; the rest of a QuestionDef (help,
 * scoring) is not on the wire and not read by that rule.
 */
function ruleFieldsOf(question: Question): QuestionDef {
  const fields: Pick<QuestionDef, 'chapterId' | 'relevantTo'> = {
    chapterId: question.chapter.id,
    relevantTo: question.relevantTo as QuestionDef['relevantTo'],
  };
  return fields as QuestionDef;
}
