import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconHelp, IconMessage } from '@tabler/icons-react';
import { useRef, type ReactNode, type Ref } from 'react';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './assessment.module.css';
import type { Direction } from '../hooks/use-question-navigation';

/** docs/product.md 2: a swipe of this many pixels left or right moves to the next or previous question. */
const SWIPE_PX = 60;

/**
 * One question (docs/product.md 2): chapter and position, the question, the answer input, help and
 * comment, and the save status; it slides in from the side it was reached from (0.4 s), except
 * the question the form opens on.
 */
export function QuestionPanel({
  // The refs apart from props: the React Compiler's lint takes an object holding refs for a ref.
  headingRef,
  commentButtonRef,
  ...props
}: {
  question: Question;
  position: number;
  total: number;
  /** none: the question the form opened on, which does not slide in. */
  direction: Direction | 'none';
  onSwipeBack: () => void;
  onSwipeForward: () => void;
  onHelp: () => void;
  onComment: () => void;
  /** The preselected warning, when there is one. */
  warning: ReactNode;
  input: ReactNode;
  /** The question's photos, where the server keeps photos. */
  photos?: ReactNode;
  status: ReactNode;
  /** The question's heading, which takes focus when the screening intro closes (it has no opener). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The comment button, which gets focus back when the comment dialog closes. */
  commentButtonRef?: Ref<HTMLButtonElement>;
}) {
  const t = useTranslation();
  const { question } = props;
  const touchX = useRef<number | null>(null);
  return (
    <div
      className={classes.question}
      data-direction={props.direction}
      onTouchStart={(e) => {
        touchX.current = e.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(e) => {
        const start = touchX.current;
        const end = e.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined) return;
        if (end - start > SWIPE_PX) props.onSwipeBack();
        else if (start - end > SWIPE_PX) props.onSwipeForward();
      }}
    >
      <Stack gap="md">
        <Text size="sm">
          {question.chapter.label} ·{' '}
          {t('assessment.questionOf', { current: props.position, total: props.total })}
          {question.isOptional ? ` · ${t('assessment.optional')}` : ''}
        </Text>
        <Title order={1} size="h3" ref={headingRef} tabIndex={-1}>
          {question.question}
        </Title>
        {props.warning}
        {props.input}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconHelp size={16} aria-hidden />}
            onClick={props.onHelp}
          >
            {t('assessment.help.open')}
          </Button>
          <Button
            ref={commentButtonRef}
            variant="default"
            size="xs"
            leftSection={<IconMessage size={16} aria-hidden />}
            onClick={props.onComment}
          >
            {question.comment ? t('assessment.comment.edit') : t('assessment.comment.open')}
          </Button>
        </Group>
        {props.photos}
        {props.status}
      </Stack>
    </div>
  );
}
