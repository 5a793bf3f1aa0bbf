import { Button, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { assessmentScoresQueryOptions, SCORES_JUST_READ_MS } from '../../../api/assessment-scores';
import { isHandicapType } from '../../../../shared/rules/handicaps';
import { useTranslation } from '../../../i18n/use-translation';

const HEADING_ID = 'results-handicap-scores';

/**
 * docs/product.md 2: the handicap scores as a table (user group, score text). docs/product.md 7: the scores call is
 * retried 5 times at 1 s (not on 401) before assessmentResult.handicapScoresError shows.
 *
 * The cache may hold scores from before the latest answers (the residence cards read them
 * too, and answering does not invalidate them), so this page always reads them afresh and
 * shows only what that read returned: the route's loader reads them (so that the table does not
 * push the buttons below it down after the page showed), and the page again when that read
 * is not from just now.
 */
export function HandicapScores(props: { assessmentId: string }) {
  const t = useTranslation();
  // Read by the route's loader just now (features/results/load-results.ts), or to be read now.
  const queryClient = useQueryClient();
  const [justRead] = useState(() => {
    const state = queryClient.getQueryState(assessmentScoresQueryOptions(props.assessmentId).queryKey);
    const readAt = state ? Math.max(state.dataUpdatedAt, state.errorUpdatedAt) : 0;
    return Date.now() - readAt < SCORES_JUST_READ_MS;
  });
  const scores = useQuery({
    ...assessmentScoresQueryOptions(props.assessmentId),
    refetchOnMount: justRead ? false : 'always',
    // A failure the loader just had shows as it is, not asked again at once.
    retryOnMount: !justRead,
  });
  return (
    <Stack gap="sm" component="section" aria-labelledby={HEADING_ID}>
      <Title order={2} size="h3" id={HEADING_ID}>
        {t('assessmentResult.handicapScores.heading')}
      </Title>
      {scores.isFetching && (
        <Group gap="xs" role="status">
          <Loader size="sm" aria-hidden />
          <Text>{t('assessmentResult.loading')}</Text>
        </Group>
      )}
      {scores.isError && !scores.isFetching && (
        <Stack gap="xs" align="flex-start">
          <Text c="red.9" role="alert">
            {t('assessmentResult.handicapScoresError')}
          </Text>
          <Button variant="default" onClick={() => void scores.refetch()}>
            {t('general.retry')}
          </Button>
        </Stack>
      )}
      {scores.isSuccess && !scores.isFetching && scores.data.length > 0 && (
        <Table aria-labelledby={HEADING_ID} striped withTableBorder verticalSpacing="sm">
          <Table.Tbody>
            {scores.data.map((s) => (
              <Table.Tr key={s.handicapTypeId}>
                <Table.Th scope="row" fw={500}>
                  {isHandicapType(s.handicapTypeId) ? t(`handicap.${s.handicapTypeId}`) : s.handicapTypeId}
                </Table.Th>
                <Table.Td>{s.scoreText}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
