import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { memo } from 'react';
import type { BulkTarget } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { CardList, CardListItem } from '../../../ui/card-list';
import { StatusBadge } from '../../../ui/status-badge';

/** A residence the copy could go to, or the reason it cannot (docs/product.md 4). */
export interface Candidate extends BulkTarget {
  /** Why it cannot be chosen, in Danish; null when it can. */
  reason: string | null;
}

/**
 * Residences to choose as copy targets, each with a checkbox "Tilføj {address}"; one that cannot
 * be chosen shows why, and its disabled checkbox is described by that reason.
 */
export function CandidateList(props: {
  candidates: readonly Candidate[];
  chosen: ReadonlySet<string>;
  onToggle: (candidate: Candidate) => void;
}) {
  return (
    <CardList>
      {props.candidates.map((candidate) => (
        <CandidateItem
          key={candidate.propertyId}
          candidate={candidate}
          chosen={props.chosen.has(candidate.propertyId)}
          onToggle={props.onToggle}
        />
      ))}
    </CardList>
  );
}

const CandidateItem = memo(function CandidateItem(props: {
  candidate: Candidate;
  chosen: boolean;
  onToggle: (candidate: Candidate) => void;
}) {
  const t = useTranslation();
  const { candidate } = props;
  const reasonId = `candidate-reason-${candidate.propertyId}`;
  return (
    <CardListItem py={6}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Stack gap={2} miw={0}>
          <Group gap="xs">
            <Text fw={600}>{candidate.location}</Text>
            <StatusBadge status={candidate.status} futureApprovedDate={candidate.futureApprovedDate} />
          </Group>
          {candidate.reason && (
            <Text id={reasonId} size="sm" c="gray.7">
              {candidate.reason}
            </Text>
          )}
        </Stack>
        <Checkbox
          aria-label={t('bulkCopy.add', { location: candidate.location })}
          checked={props.chosen}
          disabled={candidate.reason !== null}
          aria-describedby={candidate.reason ? reasonId : undefined}
          onChange={() => props.onToggle(candidate)}
        />
      </Group>
    </CardListItem>
  );
});
