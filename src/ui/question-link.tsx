import { Anchor, type AnchorProps } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Question } from '../../shared/rules/answer-validation';

/** A link to one question of the form: the table of contents, the lists of missing questions (form and results page). */
export function QuestionLink(
  props: AnchorProps & {
    propertyId: string;
    assessmentId: string;
    question: Pick<Question, 'chapterKind' | 'id'>;
    onClick?: () => void;
    'aria-current'?: 'step';
    children: ReactNode;
  },
) {
  const { propertyId, assessmentId, question, onClick, children, ...anchorProps } = props;
  return (
    <Anchor
      {...anchorProps}
      renderRoot={(rootProps) => (
        <Link
          {...rootProps}
          to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
          params={{ propertyId, assessmentId, chapter: question.chapterKind, questionId: question.id }}
          onClick={onClick}
        />
      )}
    >
      {children}
    </Anchor>
  );
}
