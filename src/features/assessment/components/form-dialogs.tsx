import { useNavigate } from '@tanstack/react-router';
import { lazy, type ReactNode } from 'react';
import type { Question } from '../../../../shared/rules/answer-validation';
import { breakerPrimaryAction } from '../../../domain/question-navigation';
import { unsentAnswerCount } from '../../../domain/save-status';
import { useTranslation } from '../../../i18n/use-translation';
import type { OutboxEntry } from '../../../offline/outbox';
import { OptionalPart } from '../../../ui/optional-part';
import { showToast } from '../../../ui/toasts';
import type { AssessmentForm } from '../hooks/use-assessment-form';
import { BreakerDialog } from './breaker-dialog';

// The dialogs not seen at first come in their own chunk, fetched once the question is on screen
// (`form.painted`), so the question's own code is smaller on a weak line. The service
// worker precaches every chunk, so they open offline too (docs/performance.md "Bytes on the
// wire", "Offline start").
const QuestionToc = lazy(() => import('./question-toc').then((m) => ({ default: m.QuestionToc })));
const HelpDialog = lazy(() => import('./side-dialogs').then((m) => ({ default: m.HelpDialog })));
const CommentDialog = lazy(() => import('./side-dialogs').then((m) => ({ default: m.CommentDialog })));
const SaveOrCloseDialog = lazy(() =>
  import('./save-or-close-dialog').then((m) => ({ default: m.SaveOrCloseDialog })),
);

/**
 * The form's dialogs (docs/product.md 2): the table of contents, help and comment, the chapter
 * breaker, and save-or-close with the delete flow. The closed ones mount once the question has
 * been painted (`form.painted`); one opened sooner mounts at once.
 */
export function FormDialogs(props: {
  form: AssessmentForm;
  question: Question;
  /** An evaluation question before the screening is complete: it takes no answer yet. */
  awaiting: boolean;
  /** This assessment's entries in the outbox. */
  own: readonly OutboxEntry[];
  onCloseBreaker: () => void;
  onCloseComment: () => void;
  deleteDialog: (props: { opened: boolean; onClose: () => void }) => ReactNode;
}) {
  const { form } = props;
  const { panel, painted } = form;
  return (
    <>
      <SideDialogs
        form={form}
        question={props.question}
        awaiting={props.awaiting}
        onCloseComment={props.onCloseComment}
      />
      {/* Mounted closed once the question is on screen, so that Mantine records the button that
          opens a breaker (Næste) and gives focus back to it when the breaker closes. */}
      {(painted || form.navigation.breaker !== null) && (
        <FormBreaker form={form} onClose={props.onCloseBreaker} />
      )}
      {!form.locked && (painted || panel === 'leave' || panel === 'delete') && (
        <LeaveDialogs form={form} own={props.own} deleteDialog={props.deleteDialog} />
      )}
    </>
  );
}

/** The table of contents with its hide-optional switch, help, and the question's comment. */
function SideDialogs(props: {
  form: AssessmentForm;
  question: Question;
  awaiting: boolean;
  onCloseComment: () => void;
}) {
  const t = useTranslation();
  const { form, question } = props;
  const { panel, setPanel, painted, locked, propertyId, assessmentId, screeningComplete } = form;
  const hideOptional = (hide: boolean) => {
    if (hide) void form.navigation.leaveOptional().then(() => form.setHideOptional(true));
    else form.setHideOptional(false);
    showToast({
      kind: 'info',
      message: hide ? t('assessment.hideOptional.toast.hidden') : t('assessment.hideOptional.toast.shown'),
      autoClose: 10_000,
    });
  };
  return (
    <>
      <OptionalPart>
        {(painted || panel === 'toc') && (
          <QuestionToc
            opened={panel === 'toc'}
            onClose={() => setPanel(null)}
            questions={form.visible}
            current={question}
            propertyId={propertyId}
            assessmentId={assessmentId}
            showApprove={!locked}
            hideOptional={form.hideOptional}
            canHideOptional={screeningComplete}
            evaluationOpen={locked || screeningComplete}
            onHideOptional={hideOptional}
          />
        )}
      </OptionalPart>
      <OptionalPart>
        {(painted || panel === 'help') && (
          <HelpDialog question={question} opened={panel === 'help'} onClose={() => setPanel(null)} />
        )}
      </OptionalPart>
      <OptionalPart>
        {panel === 'comment' && (
          <CommentDialog
            question={question}
            opened
            locked={locked || props.awaiting}
            onClose={props.onCloseComment}
            onSave={(comment) => form.saving.answer(question, { comment })}
          />
        )}
      </OptionalPart>
    </>
  );
}

/** The chapter breaker (docs/product.md 2): its primary button finishes, goes on, or closes it. */
function FormBreaker(props: { form: AssessmentForm; onClose: () => void }) {
  const { form } = props;
  const { navigation, missing } = form;
  const breaker = navigation.breaker;
  return (
    <BreakerDialog
      kind={breaker}
      excludedHandicaps={form.excludedHandicaps}
      nextChapter={form.visible[form.index + 1]?.chapter.id ?? null}
      missing={
        breaker === 'screeningMissing' ? missing.filter((q) => q.chapterKind === 'screening') : missing
      }
      propertyId={form.propertyId}
      assessmentId={form.assessmentId}
      busy={form.finishing.finishing}
      onClose={props.onClose}
      onSecondary={navigation.continuePastBreaker}
      onPrimary={() => {
        const action = breaker ? breakerPrimaryAction(breaker) : 'close';
        if (action === 'finish') form.finishing.finish();
        else if (action === 'continue') navigation.continuePastBreaker();
        else props.onClose();
      }}
    />
  );
}

/** Questions whose answer the form stored after the outbox's snapshot was read (not refused). */
function storedAfterSnapshot(saving: AssessmentForm['saving']): string[] {
  return [...saving.unsaved.keys()].filter((uniqueId) => saving.enqueues.get(uniqueId)?.phase === 'stored');
}

/** Save or close: what still waits in the outbox, back to the residence, or the delete flow. */
function LeaveDialogs(props: {
  form: AssessmentForm;
  own: readonly OutboxEntry[];
  deleteDialog: (props: { opened: boolean; onClose: () => void }) => ReactNode;
}) {
  const navigate = useNavigate();
  const { form, own } = props;
  const { panel, setPanel, propertyId } = form;
  return (
    <>
      <OptionalPart>
        <SaveOrCloseDialog
          opened={panel === 'leave'}
          pendingCount={unsentAnswerCount(own, storedAfterSnapshot(form.saving))}
          parkedCount={own.filter((e) => e.state === 'parked').length}
          notSaved={form.saving.failures}
          onSaveAndClose={() => void navigate({ to: '/residence/$propertyId', params: { propertyId } })}
          onBack={() => setPanel(null)}
          onDelete={() => setPanel('delete')}
        />
      </OptionalPart>
      {props.deleteDialog({ opened: panel === 'delete', onClose: () => setPanel(null) })}
    </>
  );
}
