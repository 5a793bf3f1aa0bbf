import type { AssessmentHistory } from '../../shared/contract/history';
import type { Question } from '../../shared/rules/answer-validation';
import { valueText } from './answer-display';

/** The printable report's parts that are rules, not layout (docs/product.md 2 "The printable report"). */

export interface ReportChapter {
  chapter: string;
  answers: { uniqueId: string; question: string; answer: string; comment: string | null }[];
}

/**
 * The answers in short form by chapter, in the catalogue's order: what was answered, with
 * comments, and the questions with photos (`photographed`, by uniqueId) even when unanswered.
 */
export function reportAnswers(
  questions: readonly Question[],
  photographed: ReadonlySet<string> = new Set(),
): ReportChapter[] {
  const chapters: ReportChapter[] = [];
  for (const q of questions) {
    if (q.isHidden) continue;
    const answer = valueText(q);
    const comment = q.comment?.trim() || null;
    if (answer === '' && comment === null && !photographed.has(q.uniqueId)) continue;
    let chapter = chapters.at(-1);
    if (chapter?.chapter !== q.chapter.label) {
      chapter = { chapter: q.chapter.label, answers: [] };
      chapters.push(chapter);
    }
    chapter.answers.push({ uniqueId: q.uniqueId, question: q.title || q.question, answer, comment });
  }
  return chapters;
}

/**
 * Who assessed (who created it and everyone who answered, in the order they first did) and who
 * approved, from the history; undefined without it.
 */
export function reportPeople(history: AssessmentHistory | undefined) {
  if (!history) return undefined;
  const assessedBy: string[] = [];
  for (const event of history.events) {
    const doer = ['created', 'copied', 'unlocked', 'answered'].includes(event.kind) ? event.by : null;
    if (doer && !assessedBy.includes(doer)) assessedBy.push(doer);
  }
  if (history.createdBy && assessedBy.length === 0) assessedBy.push(history.createdBy);
  const created = history.events.find((e) => ['created', 'copied', 'unlocked'].includes(e.kind))?.at ?? null;
  const approved = history.events.findLast((e) => e.kind === 'approved')?.at ?? null;
  return { assessedBy, approvedBy: history.approvedBy, created, approved };
}
