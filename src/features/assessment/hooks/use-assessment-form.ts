import { useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { questionsQueryOptions } from '../../../api/get-questions';
import { initialBreaker } from '../../../domain/question-navigation';
import { isLocked } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { useAfterFirstPaint } from '../../../ui/use-after-first-paint';
import { usePageTitle } from '../../../ui/use-page-title';
import type { FormOutbox } from '../form-outbox';
import { useAnswerQuestion, type AnswerSaving } from './use-answer-question';
import { useFinishAssessment } from './use-finish-assessment';
import { useFormQuestions, type FormQuestions } from './use-form-questions';
import { useQuestionNavigation } from './use-question-navigation';
import { useSentAnswers } from './use-sent-answers';

/** The form's dialog or drawer that is open, if any. */
export type FormPanel = 'toc' | 'help' | 'comment' | 'leave' | 'delete' | null;

/**
 * The question the form opens on is there at once; the 0.4 s slide is for moving between
 * questions (docs/product.md 2). Sliding in the first one too (from transparent) held back the
 * question's first paint, and with it the page's largest paint, by the slide's length.
 */
function useMovedSinceOpening(chapter: string, questionId: string): boolean {
  const [openedOn] = useState(`${chapter}/${questionId}`);
  const [moved, setMoved] = useState(false);
  if (!moved && `${chapter}/${questionId}` !== openedOn) setMoved(true);
  return moved;
}

/** Moving through the form with its breakers, and finishing it (docs/product.md 2 and 4). */
function useFormSteps(options: {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
  locked: boolean;
  converted: boolean;
  shown: FormQuestions;
  saving: AnswerSaving;
  outbox: FormOutbox;
}) {
  const { propertyId, assessmentId, chapter, questionId, locked, converted, saving, outbox } = options;
  const { visible, index, missing, screeningComplete, excludedHandicaps } = options.shown;
  const navigation = useQuestionNavigation({
    propertyId,
    assessmentId,
    visible,
    index,
    context: {
      locked,
      missingCount: missing.length,
      screeningComplete,
      excludedHandicapCount: excludedHandicaps.length,
    },
    initialBreaker: initialBreaker({ chapter, questionId, locked, converted }),
  });
  const finishing = useFinishAssessment({
    propertyId,
    assessmentId,
    storeUnsaved: saving.retryAll,
    send: outbox.send,
    queueHiddenQuestionsSync: () =>
      outbox.ssoUuid
        ? outbox.store.queueHiddenQuestionsSync({ assessmentId, propertyId, ssoUuid: outbox.ssoUuid })
        : Promise.resolve(),
    onDone: navigation.closeBreaker,
  });
  return { navigation, finishing };
}

/**
 * The state of the form screen (docs/product.md 2, one question at a time): its data, answering,
 * the questions as this device knows them, moving through them and finishing, and the open
 * dialog. AssessmentScreen holds it whatever the address shows, so a redirect keeps it.
 */
export interface AssessmentFormOptions {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
  /** docs/product.md 6: the signed-in user's write access (from the route context). */
  canWrite: boolean;
  outbox: FormOutbox;
}

export function useAssessmentForm(options: AssessmentFormOptions) {
  const { propertyId, assessmentId, chapter, questionId, outbox } = options;
  const t = useTranslation();
  // The route's loader ensured both; its pending and error components cover the rest.
  const { data: assessment } = useSuspenseQuery(assessmentQueryOptions(assessmentId, propertyId));
  const { data: questions } = useSuspenseQuery(questionsQueryOptions(assessmentId));
  const locked = isLocked(assessment.assessmentStatus, options.canWrite);
  const { converted } = assessment;
  const saving = useAnswerQuestion({ propertyId, assessmentId, locked, outbox });
  const [hideOptional, setHideOptional] = useState(false);
  const [panel, setPanel] = useState<FormPanel>(null);
  // The closed dialogs wait for the question's first paint (see the hook); one opened sooner,
  // or a breaker the form opens on, mounts at once.
  const painted = useAfterFirstPaint();
  const moved = useMovedSinceOpening(chapter, questionId);
  const { entries } = outbox.snapshot;
  const shown = useFormQuestions({
    questions,
    assessment,
    entries,
    assessmentId,
    unsaved: saving.unsaved,
    hideOptional,
    chapter,
    questionId,
  });
  const sent = useSentAnswers(entries, assessmentId);
  const steps = { propertyId, assessmentId, chapter, questionId, locked, converted, shown, saving, outbox };
  const { navigation, finishing } = useFormSteps(steps);
  const { question } = shown;
  usePageTitle(question ? `${question.id}. ${question.title}` : t('assessment.chapter.evaluation'));
  return {
    ...shown,
    propertyId,
    assessmentId,
    chapter,
    questionId,
    assessment,
    locked,
    saving,
    sent,
    hideOptional,
    setHideOptional,
    panel,
    setPanel,
    painted,
    moved,
    navigation,
    finishing,
  };
}

export type AssessmentForm = ReturnType<typeof useAssessmentForm>;
