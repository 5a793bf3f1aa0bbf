import { Accordion, Anchor, Badge, Drawer, Group, Stack, Switch, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleDashed, IconLock } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import {
  groupByChapter,
  isQuestionAnswered,
  type Question,
} from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { QuestionLink } from '../../../ui/question-link';

/**
 * docs/product.md 2: the table of contents: chapters as an accordion with progress counts, each
 * question marked answered or not, optional labels, the Approve link when not locked, and
 * the hide-optional toggle once screening is complete. Until then the evaluation chapters are
 * marked not open yet, with the reason, and their questions are listed without links
 * (shared/rules/screening-first.ts).
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
  /** False while the screening is not complete: evaluation questions take no answers yet. */
  evaluationOpen: boolean;
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
          {chapters.map(({ chapter, questions }) => (
            <TocChapter
              key={chapter.id}
              chapter={chapter}
              questions={questions}
              current={props.current}
              closed={!props.evaluationOpen && questions[0]?.chapterKind === 'evaluation'}
              propertyId={props.propertyId}
              assessmentId={props.assessmentId}
              onClose={props.onClose}
            />
          ))}
        </Accordion>
      </Stack>
    </Drawer>
  );
}

interface TocLinkProps {
  current: Question;
  propertyId: string;
  assessmentId: string;
  onClose: () => void;
}

/**
 * A chapter with its progress count and its questions; a closed one (an evaluation chapter before
 * the screening is complete) says so and why, and lists its questions without links.
 */
function TocChapter(
  props: TocLinkProps & { chapter: Question['chapter']; questions: readonly Question[]; closed: boolean },
) {
  const t = useTranslation();
  const { chapter, questions, closed } = props;
  const answered = questions.filter(isQuestionAnswered).length;
  return (
    <Accordion.Item value={chapter.id}>
      <Accordion.Control icon={closed ? <IconLock size={18} aria-hidden /> : undefined}>
        <Group justify="space-between" wrap="nowrap">
          <div>
            <Text fw={600}>{chapter.label}</Text>
            {closed && <Text size="xs">{t('assessment.toc.notOpen')}</Text>}
          </div>
          <Text size="sm">{t('assessment.toc.progress', { answered, total: questions.length })}</Text>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        {closed && (
          <Text size="sm" mb="xs">
            {t('assessment.toc.notOpen.reason')}
          </Text>
        )}
        <Stack gap={6} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {questions.map((q) => (
            <TocQuestion
              key={q.uniqueId}
              question={q}
              closed={closed}
              current={props.current}
              propertyId={props.propertyId}
              assessmentId={props.assessmentId}
              onClose={props.onClose}
            />
          ))}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/** A question marked answered or not, the current one in bold, optional ones labelled. */
function TocQuestion(props: TocLinkProps & { question: Question; closed: boolean }) {
  const t = useTranslation();
  const { question: q, closed } = props;
  const done = isQuestionAnswered(q);
  const current = q.uniqueId === props.current.uniqueId;
  return (
    <li>
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
        {closed ? (
          <Text size="sm" fw={current ? 700 : 400} aria-current={current ? 'step' : undefined}>
            {q.id}. {q.title}
          </Text>
        ) : (
          <QuestionLink
            size="sm"
            fw={current ? 700 : 400}
            aria-current={current ? 'step' : undefined}
            propertyId={props.propertyId}
            assessmentId={props.assessmentId}
            question={q}
            onClick={props.onClose}
          >
            {q.id}. {q.title}
          </QuestionLink>
        )}
        {q.isOptional && (
          <Badge size="xs" variant="outline" color="gray.8">
            {t('assessment.toc.optional')}
          </Badge>
        )}
      </Group>
    </li>
  );
}
