import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import type { Question } from '../../../../shared/rules/answer-validation';
import {
  nearestRequired,
  nextStep,
  type BreakerKind,
  type NextStepContext,
} from '../../../domain/question-navigation';

export type Direction = 'forward' | 'back';

/**
 * Moving through the form (docs/product.md 2 and 4): previous, next with its breakers (rule in
 * src/domain/question-navigation.ts), the slide direction, jumping off an optional question
 * when optional ones are hidden.
 */
export function useQuestionNavigation(options: {
  propertyId: string;
  assessmentId: string;
  visible: readonly Question[];
  index: number;
  context: NextStepContext;
  initialBreaker: BreakerKind | null;
}) {
  const { propertyId, assessmentId, visible, index, context } = options;
  const navigate = useNavigate();
  const [direction, setDirection] = useState<Direction>('forward');
  const [breaker, setBreaker] = useState<BreakerKind | null>(options.initialBreaker);

  const go = async (target: Question | undefined, towards: Direction) => {
    if (!target) return;
    setDirection(towards);
    await navigate({
      to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
      params: { propertyId, assessmentId, chapter: target.chapterKind, questionId: target.id },
    });
  };

  const previous = () => void go(visible[index - 1], 'back');

  const next = () => {
    const step = nextStep(visible, index, context);
    if (step.kind === 'leave') void navigate({ to: '/residence/$propertyId', params: { propertyId } });
    else if (step.kind === 'breaker') setBreaker(step.breaker);
    else void go(step.question, 'forward');
  };

  /** The breaker's "Fortsæt": on to the question after the current one. */
  const continuePastBreaker = () => {
    setBreaker(null);
    void go(visible[index + 1], 'forward');
  };

  /**
   * docs/product.md 4: hiding optional questions first moves off an optional current question (resolves
   * once there), so the form never shows a question that is no longer in its list.
   */
  const leaveOptional = async () => {
    if (!visible[index]?.isOptional) return;
    const target = nearestRequired(visible, index);
    if (target) await go(target.question, target.direction);
  };

  return {
    direction,
    breaker,
    closeBreaker: () => setBreaker(null),
    previous,
    next,
    continuePastBreaker,
    leaveOptional,
  };
}
