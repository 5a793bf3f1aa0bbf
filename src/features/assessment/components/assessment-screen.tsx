import { Alert, Button, Group, Stack } from '@mantine/core';
import { Navigate } from '@tanstack/react-router';
import { useRef, type ReactNode } from 'react';
import type { Question } from '../../../../shared/rules/answer-validation';
import { awaitsScreening } from '../../../../shared/rules/screening-first';
import { normalizeLegacyStatus } from '../../../../shared/rules/statuses';
import { answeredShare } from '../../../domain/question-navigation';
import { useTranslation } from '../../../i18n/use-translation';
import {
  useAssessmentForm,
  type AssessmentForm,
  type AssessmentFormOptions,
  type FormPanel,
} from '../hooks/use-assessment-form';
import { useCopyBack } from '../hooks/use-copy-back';
import classes from './assessment.module.css';
import { CurrentQuestion } from './current-question';
import { FormDialogs } from './form-dialogs';
import { FormTopBar } from './form-top-bar';
import { LockedNotice } from './locked-notice';
import { ProgressHeader } from './progress-header';
import { StorageUnusableAlert } from './storage-unusable-alert';

export interface AssessmentScreenProps extends AssessmentFormOptions {
  /** The delete flow's confirmation (docs/product.md 4), composed by the route from the results feature. */
  deleteDialog: (props: { opened: boolean; onClose: () => void }) => ReactNode;
}

/** docs/product.md 2, /assessment/{propertyId}/{assessmentId}/{chapter}/{questionId}: one question at a time. */
export function AssessmentScreen(props: AssessmentScreenProps) {
  const { propertyId, assessmentId, outbox } = props;
  const form = useAssessmentForm(props);
  const { locked, question, navigation, setPanel } = form;

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

  const topBar = (
    <FormBar propertyId={propertyId} assessmentId={assessmentId} locked={locked} onOpen={setPanel} />
  );
  if (!question) return <QuestionNotFound form={form} topBar={topBar} />;

  const own = outbox.snapshot.entries.filter((e) => e.assessmentId === assessmentId);
  // docs/product.md 4: an evaluation question opened before the screening is complete (from the
  // table of contents or a typed address) takes no answer; it says why and leads to the screening.
  const awaiting = !locked && awaitsScreening(question.chapterKind, form.screeningComplete);

  return (
    <Stack gap="md">
      {topBar}
      {locked && (
        <LockedNotice
          propertyId={propertyId}
          assessmentId={assessmentId}
          chapter={props.chapter}
          questionId={props.questionId}
          canWrite={props.canWrite}
          approved={normalizeLegacyStatus(form.assessment.assessmentStatus) === 'approved'}
        />
      )}
      {!locked && <StorageUnusableAlert storage={outbox.storage} />}
      <ProgressHeader share={answeredShare(form.visible)} />

      <CurrentQuestion
        form={form}
        question={question}
        awaiting={awaiting}
        own={own}
        outbox={outbox}
        headingRef={questionHeading}
        commentButtonRef={commentButton}
      />

      <QuestionNavBar form={form} />

      <FormDialogs
        form={form}
        question={question}
        awaiting={awaiting}
        own={own}
        onCloseBreaker={closeBreaker}
        onCloseComment={closeComment}
        deleteDialog={props.deleteDialog}
      />
    </Stack>
  );
}

/** The form's top bar; in a bulk-copy context its way back saves and returns to /copied. */
function FormBar(props: {
  propertyId: string;
  assessmentId: string;
  locked: boolean;
  onOpen: (panel: FormPanel) => void;
}) {
  const copyBack = useCopyBack(props.assessmentId);
  return (
    <FormTopBar
      propertyId={props.propertyId}
      locked={props.locked}
      onLeave={() => props.onOpen('leave')}
      onOpenToc={() => props.onOpen('toc')}
      onCopyBack={copyBack}
    />
  );
}

/** No question at this address: a converted residence's screening leads on to its first question. */
function QuestionNotFound(props: { form: AssessmentForm; topBar: ReactNode }) {
  const t = useTranslation();
  const { propertyId, assessmentId, chapter, assessment, visible } = props.form;
  const first: Question | undefined = visible[0];
  if (assessment.converted && chapter === 'screening' && first) {
    // docs/product.md 4: converted residences skip screening.
    return (
      <Navigate
        to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
        params={{ propertyId, assessmentId, chapter: first.chapterKind, questionId: first.id }}
        replace
      />
    );
  }
  return (
    <Stack>
      {props.topBar}
      <Alert color="red" role="alert">
        {t('assessment.questionNotFound')}
      </Alert>
    </Stack>
  );
}

/** Previous, and Next (Finish on the last question of an editable form). */
function QuestionNavBar(props: { form: AssessmentForm }) {
  const t = useTranslation();
  const { index, visible, locked, navigation } = props.form;
  return (
    <Group className={classes.navBar} justify="space-between">
      <Button variant="default" disabled={index === 0} onClick={navigation.previous}>
        {t('assessment.previous')}
      </Button>
      <Button onClick={navigation.next}>
        {index === visible.length - 1 && !locked ? t('assessment.finish') : t('assessment.next')}
      </Button>
    </Group>
  );
}
