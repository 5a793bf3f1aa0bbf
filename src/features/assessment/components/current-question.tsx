import type { Ref } from 'react';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useSessionState } from '../../../api/use-session-state';
import { preselectedAnswer } from '../../../domain/answer-display';
import { saveStatus } from '../../../domain/save-status';
import { outboxKey, type OutboxEntry } from '../../../offline/outbox';
import { useOnline } from '../../../ui/use-online';
import type { FormOutbox } from '../form-outbox';
import type { AssessmentForm } from '../hooks/use-assessment-form';
import { AnswerInput } from './answer-input';
import { PreselectedWarning } from './preselected-warning';
import { QuestionPanel } from './question-panel';
import { QuestionPhotos } from './question-photos';
import { SaveStatusLine } from './save-status-line';
import { ScreeningFirstNotice } from './screening-first-notice';

/**
 * The question at the form's address in its panel (docs/product.md 2): the answer input, the
 * warning it needs (the screening first, or a preselected answer to confirm) and the save status
 * of its answer (docs/architecture.md 2, "Save status").
 */
export function CurrentQuestion({
  // The refs apart from props: the React Compiler's lint takes an object holding refs for a ref.
  headingRef,
  commentButtonRef,
  ...props
}: {
  form: AssessmentForm;
  question: Question;
  /** An evaluation question before the screening is complete: it takes no answer yet. */
  awaiting: boolean;
  /** This assessment's entries in the outbox. */
  own: readonly OutboxEntry[];
  outbox: FormOutbox;
  headingRef: Ref<HTMLHeadingElement>;
  commentButtonRef: Ref<HTMLButtonElement>;
}) {
  const online = useOnline();
  const sessionState = useSessionState();
  const { form, question, awaiting, outbox } = props;
  const { propertyId, assessmentId, locked, saving, navigation } = form;
  const entry = props.own.findLast((e) => e.key === outboxKey(assessmentId, question.uniqueId));
  const status = saveStatus({
    enqueue: saving.enqueues.get(question.uniqueId),
    entry,
    online,
    signInNeeded: sessionState === 'renew',
    sent: form.sent.get(question.uniqueId) === 'sent',
    // saving.unsaved holds what is not stored, and what was stored after the snapshot's read.
    storedAfterSnapshot: saving.unsaved.has(question.uniqueId),
  });
  const preselectedPending =
    question.isPreselected && !saving.answeredHere.has(question.uniqueId) && !locked && !awaiting;

  return (
    <QuestionPanel
      key={question.uniqueId}
      question={question}
      position={form.index + 1}
      total={form.visible.length}
      direction={form.moved ? navigation.direction : 'none'}
      onSwipeBack={navigation.previous}
      onSwipeForward={navigation.next}
      onHelp={() => form.setPanel('help')}
      onComment={() => form.setPanel('comment')}
      headingRef={headingRef}
      commentButtonRef={commentButtonRef}
      warning={
        awaiting ? (
          <ScreeningFirstNotice
            propertyId={propertyId}
            assessmentId={assessmentId}
            next={form.missing.find((q) => q.chapterKind === 'screening')}
          />
        ) : (
          preselectedPending && (
            <PreselectedWarning onConfirm={() => saving.answer(question, preselectedAnswer(question))} />
          )
        )
      }
      input={
        <AnswerInput
          question={question}
          locked={locked || awaiting}
          onAnswer={(a) => saving.answer(question, a)}
        />
      }
      photos={<QuestionPhotos form={form} question={question} ssoUuid={outbox.ssoUuid} send={outbox.send} />}
      status={
        <SaveStatusLine
          status={status}
          onRetry={() => saving.retry(question.uniqueId)}
          changedSince={entry && outbox.store.changedSinceChoice(entry, outbox.send)}
        />
      }
    />
  );
}
