import { Button, Group, Text, TextInput, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { copyTargetsQueryOptions, type CopyTargetRow } from '../../../api/get-copy-targets';
import type { BulkSource } from '../../../domain/bulk-mode';
import { applyDuplicateRule } from '../../../../shared/rules/duplicate-rule';
import { compareAddresses } from '../../../../shared/rules/location';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { CandidateList, type Candidate } from './candidate-list';

/** A department can hold thousands of residences: this many are shown, the filter finds the rest. */
const SHOWN = 50;

/**
 * The residences of the source's department on the bulk-copy screen (docs/product.md 2), from
 * the copy-from-property list: one per residence (docs/product.md 4, the duplicate rule), with
 * the server's word on whether the copy may go there and why not.
 */
export function DepartmentCandidates(props: {
  source: BulkSource;
  chosen: ReadonlySet<string>;
  onToggle: (candidate: Candidate) => void;
  onChooseMany: (candidates: readonly Candidate[]) => void;
}) {
  const t = useTranslation();
  const { data } = useSuspenseQuery(
    copyTargetsQueryOptions(props.source.assessmentId, props.source.propertyId),
  );
  const candidates = useMemo(
    () =>
      applyDuplicateRule(data)
        .sort(compareAddresses)
        .map((row) => toCandidate(row, t)),
    [data, t],
  );
  const [filter, setFilter] = useState('');
  const needle = filter.trim().toLocaleLowerCase('da');
  const matching = needle
    ? candidates.filter((c) => c.location.toLocaleLowerCase('da').includes(needle))
    : candidates;
  const shown = matching.slice(0, SHOWN);
  const choosable = shown.filter((c) => c.reason === null && !props.chosen.has(c.propertyId));

  return (
    <section aria-labelledby="bulk-copy-department">
      <Title order={2} size="h3" id="bulk-copy-department" mb="xs">
        {t('bulkCopy.department.title')}
      </Title>
      <Group align="flex-end" gap="sm" mb="sm">
        <TextInput
          label={t('bulkCopy.department.filter')}
          value={filter}
          onChange={(e) => setFilter(e.currentTarget.value)}
        />
        {choosable.length > 0 && (
          <Button variant="default" onClick={() => props.onChooseMany(choosable)}>
            {t('bulkCopy.department.selectShown', { count: choosable.length })}
          </Button>
        )}
      </Group>
      {matching.length > shown.length && (
        <Text size="sm" role="status" mb="xs">
          {t('bulkCopy.department.showing', { shown: shown.length, total: matching.length })}
        </Text>
      )}
      {matching.length === 0 ? (
        <Text role="status">{t('table.noResults')}</Text>
      ) : (
        <CandidateList candidates={shown} chosen={props.chosen} onToggle={props.onToggle} />
      )}
    </section>
  );
}

function toCandidate(row: CopyTargetRow, t: ReturnType<typeof useTranslation>): Candidate {
  return {
    propertyId: row.residenceId,
    assessmentId: row.assessmentId,
    status: displayStatus(row.assessmentStatus, row.isCalculated, row.futureApprovedDate),
    location: row.location,
    futureApprovedDate: row.futureApprovedDate,
    reason:
      row.copyable || !row.notCopyableReason
        ? null
        : t(`propertiesList.notSelectable.${row.notCopyableReason}`),
  };
}
