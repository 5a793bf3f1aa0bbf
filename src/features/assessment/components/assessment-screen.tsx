import { Alert, Button, Group, Stack } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Navigate, useNavigate } from '@tanstack/react-router';
import { lazy, useMemo, useRef, useState, type ReactNode } from 'react';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { questionsQueryOptions } from '../../../api/get-questions';
import { preselectedAnswer, unsentAnswers } from '../../../domain/answer-display';
import { missingQuestions } from '../../../../shared/rules/answer-validation';
import {
  answeredShare,
  breakerPrimaryAction,
  initialBreaker,
  visibleQuestions,
} from '../../../domain/question-navigation';
import { derivedStateOfList, withUnsentAnswers } from '../../../domain/offline-answer';
import { saveStatus } from '../../../domain/save-status';
import { awaitsScreening, isListScreeningComplete } from '../../../../shared/rules/screening-first';
import { isLocked, normalizeLegacyStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { outboxKey } from '../../../offline/outbox';
import { OptionalPart } from '../../../ui/optional-part';
import { showToast } from '../../../ui/toasts';
import { useOnline } from '../../../ui/use-online';
import { useSessionState } from '../../../api/use-session-state';
import { usePageTitle } from '../../../ui/use-page-title';
import type { FormOutbox } from '../form-outbox';
import { useAfterFirstPaint } from '../../../ui/use-after-first-paint';
import { useAnswerQuestion } from '../hooks/use-answer-question';
import { useCopyBack } from '../hooks/use-copy-back';
import { useFinishAssessment } from '../hooks/use-finish-assessment';
import { useQuestionNavigation } from '../hooks/use-question-navigation';
import { useSentAnswers } from '../hooks/use-sent-answers';
import { AnswerInput } from './answer-input';
import classes from './assessment.module.css';
import { BreakerDialog } from './breaker-dialog';
import { FormTopBar } from './form-top-bar';
import { LockedNotice } from './locked-notice';
import { PreselectedWarning } from './preselected-warning';
import { ProgressHeader } from './progress-header';
import { QuestionPanel } from './question-panel';
import { SaveStatusLine } from './save-status-line';
import { ScreeningFirstNotice } from './screening-first-notice';
import { StorageUnusableAlert } from './storage-unusable-alert';

// The dialogs not seen at first come in their own chunk, fetched once the question is on screen
// (with the hook below), so the question's own code is smaller on a weak line. The service
// worker precaches every chunk, so they open offline too (docs/architecture.md "Bytes on the
// wire", "Offline start").
const QuestionToc = lazy(() => import('./question-toc').then((m) => ({ default: m.QuestionToc })));
const HelpDialog = lazy(() => import('./side-dialogs').then((m) => ({ default: m.HelpDialog })));
const CommentDialog = lazy(() => import('./side-dialogs').then((m) => ({ default: m.CommentDialog })));
const SaveOrCloseDialog = lazy(() =>
  import('./save-or-close-dialog').then((m) => ({ default: m.SaveOrCloseDialog })),
);

type Panel = 'toc' | 'help' | 'comment' | 'leave' | 'delete' | null;

export interface AssessmentScreenProps {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
  /** docs/product.md 6: the signed-in user's write access (from the route context). */
  canWrite: boolean;
  outbox: FormOutbox;
  /** The delete flow's confirmation (docs/product.md 4), composed by the route from the results feature. */
  deleteDialog: (props: { opened: boolean; onClose: () => void }) => ReactNode;
}

/** docs/product.md 2, /assessment/{propertyId}/{assessmentId}/{chapter}/{questionId}: one question at a time. */
export function AssessmentScreen(props: AssessmentScreenProps) {
  const { propertyId, assessmentId, chapter, questionId, outbox } = props;
  const t = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const sessionState = useSessionState();
  // The route's loader ensured both; its pending and error components cover the rest.
  const { data: assessment } = useSuspenseQuery(assessmentQueryOptions(assessmentId, propertyId));
  const { data: questions } = useSuspenseQuery(questionsQueryOptions(assessmentId));
  const locked = isLocked(assessment.assessmentStatus, props.canWrite);
  const { converted } = assessment;
  const saving = useAnswerQuestion({ propertyId, assessmentId, locked, outbox });
  const [hideOptional, setHideOptional] = useState(false);
  const [panel, setPanel] = useState<Panel>(null);
  // The closed dialogs wait for the question's first paint (see the hook); one opened sooner,
  // or a breaker the form opens on, mounts at once.
  const painted = useAfterFirstPaint();
  // The question the form opens on is there at once; the 0.4 s slide is for moving between
  // questions (docs/product.md 2). Sliding in the first one too (from transparent) held back the
  // question's first paint, and with it the page's largest paint, by the slide's length.
  const [openedOn] = useState(`${chapter}/${questionId}`);
  const [moved, setMoved] = useState(false);
  if (!moved && `${chapter}/${questionId}` !== openedOn) setMoved(true);

  const unsent = useMemo(
    () => unsentAnswers(outbox.snapshot.entries, assessmentId, saving.unsaved),
    [outbox.snapshot.entries, assessmentId, saving.unsaved],
  );
  // The answers not on the server yet, laid over the list as the server will answer them: after
  // a reload, or a reply to another question, a screening answer among them still hides what it
  // hides online (docs/architecture.md 2, "The form offline").
  const all = useMemo(() => withUnsentAnswers(questions, unsent, converted), [questions, unsent, converted]);
  const screeningUnsent = useMemo(
    () => all.some((q) => q.chapterKind === 'screening' && unsent.has(q.uniqueId)),
    [all, unsent],
  );
  // The screening outcome the server will give: the cached assessment's, unless a screening
  // answer is still on its way (then the refetched assessment does not have it yet).
  const excludedHandicaps = useMemo(
    () =>
      screeningUnsent ? derivedStateOfList(all, converted).excluded_handicaps : assessment.excludedHandicaps,
    [screeningUnsent, all, converted, assessment.excludedHandicaps],
  );
  const sent = useSentAnswers(outbox.snapshot.entries, assessmentId);
  const visible = useMemo(
    () => visibleQuestions(all, { converted, hideOptional }),
    [all, converted, hideOptional],
  );
  const index = visible.findIndex((q) => q.chapterKind === chapter && q.id === questionId);
  const question = visible[index];
  const missing = useMemo(() => missingQuestions(all, { converted }), [all, converted]);
  // The screening as this device knows it (answers still in the outbox count): evaluation
  // questions take answers only once it is complete (shared/rules/screening-first.ts).
  const screeningComplete = useMemo(() => isListScreeningComplete(all, converted), [all, converted]);
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
  usePageTitle(question ? `${question.id}. ${question.title}` : t('assessment.chapter.evaluation'));

  // Focus after a dialog closes (never left on <body>): Mantine gives it back to the button that
  // opened a dialog, except where there is none. The screening intro opens with the form, so the
  // question's heading takes it; the comment dialog mounts only while open (its text starts from
  // the question's comment), so its button gets it back here.
  const questionHeading = useRef<HTMLHeadingElement>(null);
  const commentButton = useRef<HTMLButtonElement>(null);
  const closeBreaker = () => {
    if (navigation.breaker === 'intro') questionHeading.current?.focus();
    navigation.closeBreaker();
  };
  const closeComment = () => {
    setPanel(null);
    commentButton.current?.focus();
  };

  const copyBack = useCopyBack(assessmentId);
  const topBar = (
    <FormTopBar
      propertyId={propertyId}
      locked={locked}
      onLeave={() => setPanel('leave')}
      onOpenToc={() => setPanel('toc')}
      onCopyBack={copyBack}
    />
  );
  if (!question && converted && chapter === 'screening' && visible[0]) {
    // docs/product.md 4: converted residences skip screening.
    return (
      <Navigate
        to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
        params={{ propertyId, assessmentId, chapter: visible[0].chapterKind, questionId: visible[0].id }}
        replace
      />
    );
  }
  if (!question) {
    return (
      <Stack>
        {topBar}
        <Alert color="red" role="alert">
          {t('assessment.questionNotFound')}
        </Alert>
      </Stack>
    );
  }

  const own = outbox.snapshot.entries.filter((e) => e.assessmentId === assessmentId);
  const entry = own.findLast((e) => e.key === outboxKey(assessmentId, question.uniqueId));
  const status = saveStatus({
    enqueue: saving.enqueues.get(question.uniqueId),
    entry,
    online,
    signInNeeded: sessionState === 'renew',
    sent: sent.get(question.uniqueId) === 'sent',
    // saving.unsaved holds what is not stored, and what was stored after the snapshot's read.
    storedAfterSnapshot: saving.unsaved.has(question.uniqueId),
  });
  // docs/product.md 4: an evaluation question opened before the screening is complete (from the
  // table of contents or a typed address) takes no answer; it says why and leads to the screening.
  const awaiting = !locked && awaitsScreening(question.chapterKind, screeningComplete);
  const preselectedPending =
    question.isPreselected && !saving.answeredHere.has(question.uniqueId) && !locked && !awaiting;
  const breaker = navigation.breaker;

  return (
    <Stack gap="md">
      {topBar}
      {locked && (
        <LockedNotice
          propertyId={propertyId}
          assessmentId={assessmentId}
          chapter={chapter}
          questionId={questionId}
          canWrite={props.canWrite}
          approved={normalizeLegacyStatus(assessment.assessmentStatus) === 'approved'}
        />
      )}
      {!locked && <StorageUnusableAlert storage={outbox.storage} />}
      <ProgressHeader share={answeredShare(visible)} />

      <QuestionPanel
        key={question.uniqueId}
        question={question}
        position={index + 1}
        total={visible.length}
        direction={moved ? navigation.direction : 'none'}
        onSwipeBack={navigation.previous}
        onSwipeForward={navigation.next}
        onHelp={() => setPanel('help')}
        onComment={() => setPanel('comment')}
        headingRef={questionHeading}
        commentButtonRef={commentButton}
        warning={
          awaiting ? (
            <ScreeningFirstNotice
              propertyId={propertyId}
              assessmentId={assessmentId}
              next={missing.find((q) => q.chapterKind === 'screening')}
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
        status={
          <SaveStatusLine
            status={status}
            onRetry={() => saving.retry(question.uniqueId)}
            changedSince={entry && outbox.store.changedSinceChoice(entry, outbox.send)}
          />
        }
      />

      <Group className={classes.navBar} justify="space-between">
        <Button variant="default" disabled={index === 0} onClick={navigation.previous}>
          {t('assessment.previous')}
        </Button>
        <Button onClick={navigation.next}>
          {index === visible.length - 1 && !locked ? t('assessment.finish') : t('assessment.next')}
        </Button>
      </Group>

      <OptionalPart>
        {(painted || panel === 'toc') && (
          <QuestionToc
            opened={panel === 'toc'}
            onClose={() => setPanel(null)}
            questions={visible}
            current={question}
            propertyId={propertyId}
            assessmentId={assessmentId}
            showApprove={!locked}
            hideOptional={hideOptional}
            canHideOptional={screeningComplete}
            evaluationOpen={locked || screeningComplete}
            onHideOptional={(hide) => {
              if (hide) void navigation.leaveOptional().then(() => setHideOptional(true));
              else setHideOptional(false);
              showToast({
                kind: 'info',
                message: hide
                  ? t('assessment.hideOptional.toast.hidden')
                  : t('assessment.hideOptional.toast.shown'),
                autoClose: 10_000,
              });
            }}
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
            locked={locked || awaiting}
            onClose={closeComment}
            onSave={(comment) => saving.answer(question, { comment })}
          />
        )}
      </OptionalPart>
      {/* Mounted closed once the question is on screen, so that Mantine records the button that
          opens a breaker (Næste) and gives focus back to it when the breaker closes. */}
      {(painted || breaker !== null) && (
        <BreakerDialog
          kind={breaker}
          excludedHandicaps={excludedHandicaps}
          nextChapter={visible[index + 1]?.chapter.id ?? null}
          missing={
            breaker === 'screeningMissing' ? missing.filter((q) => q.chapterKind === 'screening') : missing
          }
          propertyId={propertyId}
          assessmentId={assessmentId}
          busy={finishing.finishing}
          onClose={closeBreaker}
          onSecondary={navigation.continuePastBreaker}
          onPrimary={() => {
            const action = breaker ? breakerPrimaryAction(breaker) : 'close';
            if (action === 'finish') finishing.finish();
            else if (action === 'continue') navigation.continuePastBreaker();
            else closeBreaker();
          }}
        />
      )}
      {!locked && (painted || panel === 'leave' || panel === 'delete') && (
        <>
          <OptionalPart>
            <SaveOrCloseDialog
              opened={panel === 'leave'}
              pendingCount={own.filter((e) => e.state !== 'parked').length}
              parkedCount={own.filter((e) => e.state === 'parked').length}
              notSaved={saving.failures}
              onSaveAndClose={() => void navigate({ to: '/residence/$propertyId', params: { propertyId } })}
              onBack={() => setPanel(null)}
              onDelete={() => setPanel('delete')}
            />
          </OptionalPart>
          {props.deleteDialog({ opened: panel === 'delete', onClose: () => setPanel(null) })}
        </>
      )}
    </Stack>
  );
}
