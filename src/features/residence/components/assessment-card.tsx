import { Alert, Card, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconCircleCheck } from '@tabler/icons-react';
import type { AssessmentListEntry, HandicapScore } from '../../../../shared/contract/dto';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useAssessmentScores } from '../../../api/assessment-scores';
import { useHasHistory } from '../../../api/get-assessment-history';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import { useTranslation } from '../../../i18n/use-translation';
import { formatPercent, formatShortDate } from '../../../ui/format';
import { StatusBadge } from '../../../ui/status-badge';
import { AssessmentCardActions } from './assessment-card-actions';
import { AssessmentHistory } from './assessment-history';

/**
 * docs/product.md 2: an assessment card with its status badge, a progress bar for drafts and the scores,
 * and the way into the assessment (docs/product.md 2, `/assessment/{propertyId}/{assessmentId}`):
 * continue, see the results, or view it read-only.
 */
export function AssessmentCard(props: {
  assessment: AssessmentListEntry;
  canWrite: boolean;
  onUnlock?: () => void;
  /** Why unlock cannot be used now (offline: it needs the network); null or absent when it can. */
  unlockDisabledReason?: string | null;
  /** Copy this assessment to other residences (docs/product.md 4 "Bulk mode"). */
  onCopy?: () => void;
}) {
  const t = useTranslation();
  const a = props.assessment;
  const status = displayStatus(a.assessmentStatus, a.isCalculated, a.futureApprovedDate);
  const scores = useAssessmentScores(a.assessmentId);
  // A complete draft waits only for someone to approve it: the content's automaticApproval says
  // so to a user who may, and names the way to the approval (the results page).
  const { data: content } = useQuery(staticContentQueryOptions());
  const hasHistory = useHasHistory();
  const approvalInvite =
    props.canWrite && status === 'calculated'
      ? content?.breakerAndResultScreenSettings.automaticApproval
      : undefined;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      component="article"
      aria-labelledby={`assessment-${a.assessmentId}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={700} id={`assessment-${a.assessmentId}`}>
            {t('residence.assessmentCard.title')} {formatShortDate(a.createdAt)}
          </Text>
          <StatusBadge status={status} futureApprovedDate={a.futureApprovedDate} />
        </Group>
        {/* docs/product.md 4: the day an approval takes effect, most of all one still ahead. */}
        {a.validFrom && (
          <Text size="sm">
            {t('residence.assessmentCard.validFrom', { date: formatShortDate(a.validFrom) })}
          </Text>
        )}
        {a.converted && <Text size="sm">{t('residence.assessmentCard.converted')}</Text>}
        {(status === 'draft' || status === 'calculated') && (
          <AssessmentProgress assessmentId={a.assessmentId} progress={a.progress} />
        )}
        {scores.data && scores.data.length > 0 && <HandicapScores scores={scores.data} />}
        {approvalInvite && (
          <Alert
            variant="light"
            color="gray"
            icon={<IconCircleCheck aria-hidden />}
            title={approvalInvite.header}
          >
            {approvalInvite.body}
          </Alert>
        )}
        {scores.isError && (
          <Text size="sm" c="red.9" role="alert">
            {t('assessmentResult.handicapScoresError')}
          </Text>
        )}
        <AssessmentCardActions
          assessment={a}
          status={status}
          canWrite={props.canWrite}
          entryLabel={approvalInvite?.buttonLabel}
          onUnlock={props.onUnlock}
          unlockDisabledReason={props.unlockDisabledReason}
          onCopy={props.onCopy}
        />
        {hasHistory && <AssessmentHistory assessmentId={a.assessmentId} />}
      </Stack>
    </Card>
  );
}

/** How far a draft has come, as text and a bar named by it. */
function AssessmentProgress(props: { assessmentId: string; progress: number }) {
  const t = useTranslation();
  const percent = formatPercent(props.progress);
  return (
    <div>
      <Text size="sm" id={`progress-${props.assessmentId}`}>
        {t('residence.progress.value', { percent })}
      </Text>
      <Progress.Root mt={4}>
        <Progress.Section value={Number(percent)} aria-labelledby={`progress-${props.assessmentId}`} />
      </Progress.Root>
    </div>
  );
}

/** The assessment's score per handicap. */
function HandicapScores(props: { scores: readonly HandicapScore[] }) {
  const t = useTranslation();
  return (
    <div>
      <Text size="sm" fw={600}>
        {t('residence.assessmentCard.scoresHeading')}
      </Text>
      <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={4} fz="sm">
        <Table.Tbody>
          {props.scores.map((s) => (
            <Table.Tr key={s.handicapTypeId}>
              <Table.Th fw={400} scope="row">
                {t(`handicap.${s.handicapTypeId}` as 'handicap.wheelchair')}
              </Table.Th>
              {/* "Egnet (100 %)": the per cent sign stays with its number on a phone. */}
              <Table.Td>{s.scoreText.replaceAll(' %', '\u00a0%')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}
