import { Alert } from '@mantine/core';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { MultipleAnswer, NumericAnswer, SingleAnswer, type Answer } from './answer-inputs';

/** The input of the question's type (docs/product.md 3: numeric, single, multiple); anything else is an error. */
export function AnswerInput(props: { question: Question; locked: boolean; onAnswer: (a: Answer) => void }) {
  const t = useTranslation();
  switch (props.question.type) {
    case 'numeric':
      return <NumericAnswer {...props} />;
    case 'single':
      return <SingleAnswer {...props} />;
    case 'multiple':
      return <MultipleAnswer {...props} />;
    default:
      return (
        <Alert color="red" role="alert">
          {t('assessment.invalidQuestionType')}
        </Alert>
      );
  }
}
