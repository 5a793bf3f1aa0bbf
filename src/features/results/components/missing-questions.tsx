import { List, Stack, Title } from '@mantine/core';
import { QuestionLink } from '../../../ui/question-link';
import { groupByChapter, type Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';

/**
 * docs/product.md 2: with required questions unanswered the results page is an error page instead,
 * listing the missing questions per chapter (docs/product.md 5), each a link to the question.
 */
export function MissingQuestions(props: {
  propertyId: string;
  assessmentId: string;
  missing: readonly Question[];
}) {
  const t = useTranslation();
  return (
    <>
      <PageHeader
        title={t('assessmentResult.missingRequired.title')}
        description={t('assessmentResult.missingRequired.description')}
      />
      <Stack gap="lg">
        {groupByChapter(props.missing).map(({ chapter, questions }) => (
          <section key={chapter.id} aria-labelledby={`missing-${chapter.id}`}>
            <Title order={2} size="h4" mb="xs" id={`missing-${chapter.id}`}>
              {chapter.label}
            </Title>
            <List spacing="xs">
              {questions.map((q) => (
                <List.Item key={q.uniqueId}>
                  <QuestionLink propertyId={props.propertyId} assessmentId={props.assessmentId} question={q}>
                    {q.id}. {q.title}
                  </QuestionLink>
                </List.Item>
              ))}
            </List>
          </section>
        ))}
      </Stack>
    </>
  );
}
