import { Anchor, Group } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useRouter } from '@tanstack/react-router';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';

/** Back from the results: to the form's last question, or one step back without one. */
export function BackToAssessment(props: {
  propertyId: string;
  assessmentId: string;
  last: Question | undefined;
}) {
  const t = useTranslation();
  const router = useRouter();
  const label = (
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      {t('assessmentResult.backToAssessment')}
    </Group>
  );
  if (!props.last) {
    return (
      <Anchor component="button" type="button" size="sm" onClick={() => router.history.back()}>
        {label}
      </Anchor>
    );
  }
  const { chapterKind, id } = props.last;
  return (
    <Anchor
      size="sm"
      renderRoot={(rootProps) => (
        <Link
          {...rootProps}
          to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
          params={{
            propertyId: props.propertyId,
            assessmentId: props.assessmentId,
            chapter: chapterKind,
            questionId: id,
          }}
        />
      )}
    >
      {label}
    </Anchor>
  );
}
