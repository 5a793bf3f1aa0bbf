import { Alert, Stack, Text } from '@mantine/core';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { QuestionLink } from '../../../ui/question-link';

/**
 * An evaluation question opened before the screening is complete (shared/rules/screening-first.ts,
 * docs/product.md 4 "Screening and answering"): it takes no answer, says why, and links to the
 * first screening question still unanswered.
 */
export function ScreeningFirstNotice(props: {
  propertyId: string;
  assessmentId: string;
  /** The first required screening question without an answer. */
  next: Question | undefined;
}) {
  const t = useTranslation();
  return (
    <Alert color="gray" role="status" title={t('assessment.screeningFirst.title')}>
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('assessment.screeningFirst.reason')}</Text>
        {props.next && (
          <QuestionLink
            size="sm"
            propertyId={props.propertyId}
            assessmentId={props.assessmentId}
            question={props.next}
          >
            {t('assessment.screeningFirst.link', { id: props.next.id, title: props.next.title })}
          </QuestionLink>
        )}
      </Stack>
    </Alert>
  );
}
