import { Accordion, Anchor, Badge, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { groupByChapter, isQuestionAnswered, type Question } from '../../../domain/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { QuestionLink } from './question-link';

/**
 * docs/product.md 2: the table of contents: chapters as an accordion with progress counts, each
 * question marked answered or not, optional labels, the Approve link when not locked, and
 * the hide-optional toggle once screening is complete.
 */
export function QuestionToc(props: {
  opened: boolean;
  onClose: () => void;
  questions: readonly Question[];
  current: Question;
  propertyId: string;
  assessmentId: string;
  /** The Approve link leads to the results page; not offered for a locked assessment. */
  showApprove: boolean;
  hideOptional: boolean;
  canHideOptional: boolean;
  onHideOptional: (hide: boolean) => void;
}) {
  const t = useTranslation();
  const chapters = groupByChapter(props.questions);
  return (
    <Drawer
      opened={props.opened}
      onClose={props.onClose}
      title={t('assessment.toc.title')}
      closeButtonProps={{ 'aria-label': t('assessment.toc.close') }}
    >
      <Stack gap="md">
        <Switch
          label={t('assessment.toc.hideOptional')}
          description={props.canHideOptional ? undefined : t('assessment.toc.hideOptional.unavailable')}
          checked={props.hideOptional}
          disabled={!props.canHideOptional}
          onChange={(e) => props.onHideOptional(e.currentTarget.checked)}
        />
        {props.showApprove && (
          <Anchor
            renderRoot={(rootProps) => (
              <Link
                {...rootProps}
                to="/results/$propertyId/$assessmentId"
                params={{ propertyId: props.propertyId, assessmentId: props.assessmentId }}
                onClick={props.onClose}
              />
            )}
          >
            {t('assessment.toc.approve')}
          </Anchor>
        )}
        <Accordion defaultValue={props.current.chapter.id} variant="separated">
          {chapters.map(({ chapter, questions }) => {
            const answered = questions.filter(isQuestionAnswered).length;
            return (
              <Accordion.Item key={chapter.id} value={chapter.id}>
                <Accordion.Control>
                  <Group justify="space-between" wrap="nowrap">
                    <Text fw={600}>{chapter.label}</Text>
                    <Text size="sm">
                      {t('assessment.toc.progress', { answered, total: questions.length })}
                    </Text>
                  </Group>
                </Accordion.Control>
                <Accordion.Panel>
                  <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                    {questions.map((q) => {
                      const done = isQuestionAnswered(q);
                      return (
                        <li key={q.uniqueId}>
                          <Group gap="xs" wrap="nowrap">
                            {done ? (
                              <IconCircleCheck
                                size={18}
                                color="var(--mantine-color-green-9)"
                                aria-label={t('assessment.toc.answered')}
                              />
                            ) : (
                              <IconCircleDashed size={18} aria-label={t('assessment.toc.unanswered')} />
                            )}
                            <QuestionLink
                              size="sm"
                              fw={q.uniqueId === props.current.uniqueId ? 700 : 400}
                              aria-current={q.uniqueId === props.current.uniqueId ? 'step' : undefined}
                              propertyId={props.propertyId}
                              assessmentId={props.assessmentId}
                              question={q}
                              onClick={props.onClose}
                            >
                              {q.id}. {q.title}
                            </QuestionLink>
                            {q.isOptional && (
                              <Badge size="xs" variant="outline" color="gray.8">
                                {t('assessment.toc.optional')}
                              </Badge>
                            )}
                          </Group>
                        </li>
                      );
                    })}
                  </Stack>
                </Accordion.Panel>
              </Accordion.Item>
            );
          })}
        </Accordion>
      </Stack>
    </Drawer>
  );
}
