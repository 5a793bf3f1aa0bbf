import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { assessmentQueryOptions, questionsQueryOptions } from '../../../api/assessment-queries';
import { missingQuestions } from '../../../domain/answer-validation';
import { isEditableStatus } from '../../../domain/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { lastEvaluationQuestion } from '../last-question';
import { BackToAssessment } from './back-to-assessment';
import { DeleteAssessmentDialog } from './delete-assessment-dialog';
import { HandicapScores } from './handicap-scores';
import { MissingQuestions } from './missing-questions';

/**
 * Spec 2, /results/{propertyId}/{assessmentId}: the handicap scores with Approve later and
 * Delete, or an error page listing the required questions still unanswered. Approve now and
 * Approve in future come with the bulk jobs.
 */
export function ResultsScreen(props: { propertyId: string; assessmentId: string }) {
  const t = useTranslation();
  const assessment = useQuery(assessmentQueryOptions(props.assessmentId, props.propertyId));
  const questions = useQuery(questionsQueryOptions(props.assessmentId));
  const [deleting, setDeleting] = useState(false);

  if (assessment.isPending || questions.isPending) {
    return (
      <>
        <PageHeader title={t('assessmentResult.title')} />
        <Center py="xl">
          <Loader aria-label={t('assessment.loading')} />
        </Center>
      </>
    );
  }
  if (assessment.isError || questions.isError) {
    const retry = () => {
      if (assessment.isError) void assessment.refetch();
      if (questions.isError) void questions.refetch();
    };
    return (
      <>
        <PageHeader title={t('assessmentResult.title')} />
        <Alert color="red" role="alert" title={t('general.error.title')}>
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('assessment.error')}</Text>
            <Button variant="default" loading={assessment.isFetching || questions.isFetching} onClick={retry}>
              {t('general.retry')}
            </Button>
          </Stack>
        </Alert>
      </>
    );
  }

  const back = (
    <BackToAssessment
      propertyId={props.propertyId}
      assessmentId={props.assessmentId}
      last={lastEvaluationQuestion(questions.data)}
    />
  );
  const missing = missingQuestions(questions.data, { converted: assessment.data.converted });
  if (missing.length > 0) {
    return (
      <>
        {back}
        <MissingQuestions propertyId={props.propertyId} assessmentId={props.assessmentId} missing={missing} />
      </>
    );
  }

  // Spec 2 and 4: approving (and so deleting) is offered for draft and rejected assessments.
  const eligible = isEditableStatus(assessment.data.assessmentStatus);
  return (
    <>
      {back}
      <PageHeader title={t('assessmentResult.title')} description={t('assessmentResult.description')} />
      <Stack gap="xl">
        <HandicapScores assessmentId={props.assessmentId} />
        {eligible && (
          <Group gap="sm">
            <Button
              renderRoot={(rootProps) => (
                <Link {...rootProps} to="/residence/$propertyId" params={{ propertyId: props.propertyId }} />
              )}
            >
              {t('assessmentResult.approveLater')}
            </Button>
            <Button
              variant="outline"
              color="red.9"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={() => setDeleting(true)}
            >
              {t('assessmentResult.delete')}
            </Button>
          </Group>
        )}
      </Stack>
      {eligible && (
        <DeleteAssessmentDialog
          opened={deleting}
          onClose={() => setDeleting(false)}
          propertyId={props.propertyId}
          assessmentId={props.assessmentId}
        />
      )}
    </>
  );
}
