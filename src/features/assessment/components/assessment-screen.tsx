import { Alert, Anchor, Button, Center, Group, Loader, Progress, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconHelp, IconList, IconMessage } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useNavigate } from '@tanstack/react-router';
import { useMemo, useRef, useState } from 'react';
import {
  assessmentQueryOptions,
  questionsQueryOptions,
  syncHiddenQuestions,
} from '../../../api/assessment-queries';
import { useHasWriteAccess } from '../../../api/user-info';
import {
  applyAnswerToQuestion,
  formatNumericValue,
  isQuestionAnswered,
  missingQuestions,
  type AnswerInput,
  type Question,
} from '../../../domain/answer-validation';
import { displayedProgress, screeningOutcome } from '../../../domain/assessment-progress';
import { isLocked } from '../../../domain/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { enqueueAnswer, outboxKey } from '../../../offline/outbox';
import { showToast } from '../../../ui/toasts';
import { usePageTitle } from '../../../ui/use-page-title';
import { useOnline } from '../../../ui/use-online';
import { useOutbox } from '../hooks/use-outbox';
import { requestBackgroundSync } from '../outbox-client';
import { MultipleAnswer, NumericAnswer, SingleAnswer, type Answer } from './answer-inputs';
import classes from './assessment.module.css';
import { BreakerDialog, type BreakerKind } from './breaker-dialog';
import { QuestionToc } from './question-toc';
import { CommentDialog, HelpDialog } from './side-dialogs';

const SWIPE_PX = 60;

/** Spec 2, /assessment/{propertyId}/{assessmentId}/{chapter}/{questionId}: one question at a time. */
export function AssessmentScreen(props: {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
}) {
  const t = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const canWrite = useHasWriteAccess();
  const online = useOnline();
  const assessment = useQuery(assessmentQueryOptions(props.assessmentId, props.propertyId));
  const questions = useQuery(questionsQueryOptions(props.assessmentId));
  const { sender, snapshot, db, ssoUuid } = useOutbox();
  const [answeredHere, setAnsweredHere] = useState<ReadonlySet<string>>(new Set());
  const [hideOptional, setHideOptional] = useState(false);
  const [panel, setPanel] = useState<'toc' | 'help' | 'comment' | null>(null);
  const [breaker, setBreaker] = useState<BreakerKind | null>(
    props.chapter === 'screening' && props.questionId === '001' ? 'intro' : null,
  );
  const [finishing, setFinishing] = useState(false);
  const [direction, setDirection] = useState<'forward' | 'back'>('forward');
  const touchX = useRef<number | null>(null);

  const converted = assessment.data?.converted ?? false;
  const visible = useMemo(
    () =>
      (questions.data ?? []).filter(
        (q) =>
          !q.isHidden && !(converted && q.chapterKind === 'screening') && !(hideOptional && q.isOptional),
      ),
    [questions.data, converted, hideOptional],
  );
  const index = visible.findIndex((q) => q.chapterKind === props.chapter && q.id === props.questionId);
  const question = visible[index];
  usePageTitle(question ? `${question.id}. ${question.title}` : t('assessment.chapter.evaluation'));

  if (assessment.isPending || questions.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('assessment.loading')} />
      </Center>
    );
  }
  if (assessment.isError || questions.isError) {
    return (
      <Alert color="red" role="alert" title={t('general.error.title')}>
        {t('assessment.error')}
      </Alert>
    );
  }

  const locked = isLocked(assessment.data.assessmentStatus, canWrite);
  const residencePath = `/residence/${props.propertyId}`;
  const questionPath = (q: Question) =>
    `/assessment/${props.propertyId}/${props.assessmentId}/${q.chapterKind}/${q.id}`;
  const resultsPath = `/results/${props.propertyId}/${props.assessmentId}`;
  const backLink = (
    <Anchor renderRoot={(rootProps) => <Link {...rootProps} to={residencePath} />} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {locked ? t('assessment.locked.back') : t('assessment.saveAnswersBack')}
      </Group>
    </Anchor>
  );

  if (!question && converted && props.chapter === 'screening' && visible[0]) {
    // Spec 4: converted residences skip screening.
    return <Navigate to={questionPath(visible[0])} replace />;
  }
  if (!question) {
    return (
      <Stack>
        {backLink}
        <Alert color="red" role="alert">
          {t('assessment.questionNotFound')}
        </Alert>
      </Stack>
    );
  }

  const all = questions.data;
  const required = visible.filter((q) => !q.isOptional);
  const progress = required.length === 0 ? 1 : required.filter(isQuestionAnswered).length / required.length;
  const missing = missingQuestions(all, { converted });
  const screeningComplete = converted || !missing.some((q) => q.chapterKind === 'screening');

  const go = (target: Question | undefined, dir: 'forward' | 'back') => {
    if (!target) return;
    setDirection(dir);
    void navigate({ to: questionPath(target) });
  };

  const answer = async (q: Question, input: AnswerInput) => {
    if (locked || !ssoUuid) return;
    setAnsweredHere((s) => new Set(s).add(q.uniqueId));
    // The answer shows at once; the outbox is the only way it travels (ARCHITECTURE 2).
    queryClient.setQueryData<Question[]>(['questions', props.assessmentId], (qs) =>
      qs?.map((x) => (x.uniqueId === q.uniqueId ? applyAnswerToQuestion(x, input) : x)),
    );
    const after = applyAnswerToQuestion(q, input);
    await enqueueAnswer(db, {
      assessmentId: props.assessmentId,
      propertyId: props.propertyId,
      questionUniqueId: q.uniqueId,
      payload: {
        ...(input.numericValue !== undefined ? { numericValue: input.numericValue } : {}),
        ...(input.values !== undefined ? { values: [...input.values] } : {}),
        ...(input.comment !== undefined ? { comment: input.comment } : {}),
      },
      ssoUuid,
      locationText:
        queryClient.getQueryData<{ beliggenhed?: string }>(['property', props.propertyId])?.beliggenhed ?? '',
      questionTitle: `${q.id}. ${q.title}`,
      valueText: valueText(after),
      questionPath: questionPath(q),
    });
    void sender.drain();
    if (!navigator.onLine) void requestBackgroundSync();
  };

  const onAnswer = (a: Answer) => void answer(question, a);

  const next = () => {
    const following = visible[index + 1];
    if (!following) {
      if (locked) {
        void navigate({ to: residencePath });
        return;
      }
      setBreaker(missing.length > 0 ? 'globalMissing' : 'globalReady');
      return;
    }
    if (question.chapterKind === 'screening' && following.chapterKind !== 'screening' && !locked) {
      setBreaker(screeningOutcome(screeningComplete, assessment.data.excludedHandicaps.length));
      return;
    }
    if (following.chapter.id !== question.chapter.id && !locked) {
      setBreaker('chapter');
      return;
    }
    go(following, 'forward');
  };

  const finish = async () => {
    setFinishing(true);
    try {
      await sender.drain();
      await syncHiddenQuestions(props.assessmentId);
      await queryClient.invalidateQueries({ queryKey: ['questions', props.assessmentId] });
      void navigate({ to: resultsPath });
    } catch {
      showToast({ kind: 'error', message: t('general.error'), priority: 2 });
    } finally {
      setFinishing(false);
      setBreaker(null);
    }
  };

  const entry = snapshot.entries.findLast((e) => e.key === outboxKey(props.assessmentId, question.uniqueId));
  const saveStatus = entry
    ? entry.state === 'parked'
      ? t('assessment.saveStatus.parked', { reason: entry.parkedMessage ?? '' })
      : online
        ? t('general.saving')
        : t('assessment.saveStatus.savedOnDevice')
    : answeredHere.has(question.uniqueId)
      ? t('general.saved')
      : '';
  const preselectedPending = question.isPreselected && !answeredHere.has(question.uniqueId) && !locked;
  const shownProgress = displayedProgress(progress);

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="xs">
        {backLink}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconList size={16} aria-hidden />}
            onClick={() => setPanel('toc')}
          >
            {t('assessment.toc.open')}
          </Button>
        </Group>
      </Group>
      {locked && (
        <Alert color="gray" role="status">
          {canWrite ? t('assessment.locked') : t('assessment.locked.readOnly')}
        </Alert>
      )}
      <div>
        <Group justify="space-between" gap="xs">
          <Text size="sm" id="assessment-progress">
            {progress >= 1
              ? t('assessment.progress.complete')
              : t('assessment.progress.label', { percent: shownProgress })}
          </Text>
          {progress >= 1 && <IconCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />}
        </Group>
        <Progress.Root mt={4}>
          <Progress.Section value={shownProgress} aria-labelledby="assessment-progress" />
        </Progress.Root>
      </div>

      <div
        key={question.uniqueId}
        className={classes.question}
        data-direction={direction}
        onTouchStart={(e) => {
          touchX.current = e.touches[0]?.clientX ?? null;
        }}
        onTouchEnd={(e) => {
          const start = touchX.current;
          const end = e.changedTouches[0]?.clientX;
          touchX.current = null;
          if (start === null || end === undefined) return;
          if (end - start > SWIPE_PX) go(visible[index - 1], 'back');
          else if (start - end > SWIPE_PX) next();
        }}
      >
        <Stack gap="md">
          <Text size="sm">
            {question.chapter.label} ·{' '}
            {t('assessment.questionOf', { current: index + 1, total: visible.length })}
            {question.isOptional ? ` · ${t('assessment.optional')}` : ''}
          </Text>
          <Title order={1} size="h3">
            {question.question}
          </Title>
          {preselectedPending && (
            <Alert color="yellow" role="status">
              <Stack gap="xs" align="flex-start">
                <Text size="sm">{t('assessment.preselected.warning')}</Text>
                <Button
                  size="xs"
                  onClick={() =>
                    void answer(
                      question,
                      question.type === 'numeric'
                        ? { numericValue: question.numericQuestionValue }
                        : { values: question.options.filter((o) => o.isSelected).map((o) => o.answerId) },
                    )
                  }
                >
                  {t('assessment.preselected.confirm')}
                </Button>
              </Stack>
            </Alert>
          )}
          {question.type === 'numeric' ? (
            <NumericAnswer question={question} locked={locked} onAnswer={onAnswer} />
          ) : question.type === 'single' ? (
            <SingleAnswer question={question} locked={locked} onAnswer={onAnswer} />
          ) : question.type === 'multiple' ? (
            <MultipleAnswer question={question} locked={locked} onAnswer={onAnswer} />
          ) : (
            <Alert color="red" role="alert">
              {t('assessment.invalidQuestionType')}
            </Alert>
          )}
          <Group gap="xs">
            <Button
              variant="default"
              size="xs"
              leftSection={<IconHelp size={16} aria-hidden />}
              onClick={() => setPanel('help')}
            >
              {t('assessment.help.open')}
            </Button>
            <Button
              variant="default"
              size="xs"
              leftSection={<IconMessage size={16} aria-hidden />}
              onClick={() => setPanel('comment')}
            >
              {question.comment ? t('assessment.comment.edit') : t('assessment.comment.open')}
            </Button>
          </Group>
          <Text size="sm" role="status" aria-live="polite" mih={20}>
            {saveStatus}
          </Text>
        </Stack>
      </div>

      <Group className={classes.navBar} justify="space-between">
        <Button variant="default" disabled={index === 0} onClick={() => go(visible[index - 1], 'back')}>
          {t('assessment.previous')}
        </Button>
        <Button onClick={next}>
          {index === visible.length - 1 && !locked ? t('assessment.finish') : t('assessment.next')}
        </Button>
      </Group>

      <QuestionToc
        opened={panel === 'toc'}
        onClose={() => setPanel(null)}
        questions={visible}
        current={question}
        questionPath={questionPath}
        resultsPath={locked ? null : resultsPath}
        hideOptional={hideOptional}
        canHideOptional={screeningComplete}
        onHideOptional={(hide) => {
          setHideOptional(hide);
          showToast({
            kind: 'info',
            message: hide
              ? t('assessment.hideOptional.toast.hidden')
              : t('assessment.hideOptional.toast.shown'),
            autoClose: 10_000,
          });
          // Spec 4: an optional current question gives way to the nearest required one.
          if (hide && question.isOptional) {
            const after = visible.slice(index + 1).find((q) => !q.isOptional);
            const before = visible
              .slice(0, index)
              .reverse()
              .find((q) => !q.isOptional);
            go(after ?? before, after ? 'forward' : 'back');
          }
        }}
      />
      <HelpDialog question={question} opened={panel === 'help'} onClose={() => setPanel(null)} />
      {panel === 'comment' && (
        <CommentDialog
          question={question}
          opened
          locked={locked}
          onClose={() => setPanel(null)}
          onSave={(comment) => void answer(question, { comment })}
        />
      )}
      <BreakerDialog
        kind={breaker}
        excludedHandicaps={assessment.data.excludedHandicaps}
        nextChapter={visible[index + 1]?.chapter.id ?? null}
        missing={
          breaker === 'screeningMissing' ? missing.filter((q) => q.chapterKind === 'screening') : missing
        }
        questionPath={questionPath}
        busy={finishing}
        onClose={() => setBreaker(null)}
        onSecondary={() => {
          setBreaker(null);
          go(visible[index + 1], 'forward');
        }}
        onPrimary={() => {
          if (breaker === 'intro') setBreaker(null);
          else if (breaker === 'globalReady' || breaker === 'screeningNone') void finish();
          else if (breaker === 'globalMissing' || breaker === 'screeningMissing') setBreaker(null);
          else {
            setBreaker(null);
            go(visible[index + 1], 'forward');
          }
        }}
      />
    </Stack>
  );
}

/** The whole answer as text, for the outbox list shown without the network. */
function valueText(q: Question): string {
  if (q.type === 'numeric') {
    const v = q.numericQuestionValue;
    const unit = q.numericQuestionSettings?.measurementUnits ?? '';
    return v === null ? '' : `${formatNumericValue(v)} ${unit}`.trim();
  }
  return q.options
    .filter((o) => o.isSelected)
    .map((o) => o.label)
    .join(', ');
}
