import { Anchor, Badge, Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { AssessmentListEntry } from '../../../api/dto';
import { locatedAssessmentsQueryOptions } from '../../../api/get-located-assessments';
import { assessmentRefs, finishedCopies, type CopiedEntry } from '../../../domain/bulk-mode';
import { approveCopiedBlock, isCopyReadyForApproval } from '../../../domain/bulk-selection';
import { displayStatus } from '../../../domain/statuses';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { ActionBar } from '../../../ui/action-bar';
import { CardList, CardListItem } from '../../../ui/card-list';
import { PageHeader } from '../../../ui/page-header';
import { StatusBadge } from '../../../ui/status-badge';
import { useOnline } from '../../../ui/use-online';
import { approvalState } from '../approve/approval-request';
import { LeaveFlowGuard } from '../approve/leave-flow-guard';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { ReasonedButton } from '../../../ui/reasoned-button';

/** The pages a finished copy flow goes on to without ending: its copies and their approval. */
const insideCopiedFlow = (pathname: string) =>
  pathname.startsWith('/assessment/') ||
  pathname.startsWith('/approve') ||
  pathname === '/copied' ||
  pathname === '/copiedproperties';

/** A copy as the list shows it: the flow's entry with its assessment as it is now. */
interface CopiedRow extends CopiedEntry {
  current: AssessmentListEntry | undefined;
}

const isEligible = (row: CopiedRow) => isCopyReadyForApproval(row, row.current);

/**
 * /copied and /copiedproperties (docs/product.md 2): the assessments the copy made, with their
 * current status, whether the user has been through them ("save answers and go back" from the
 * form) and whether they may be approved. Each opens at screening question 001. The action bar
 * has Finish (the flow ends), Edit (one selected copy) and Approve (count).
 */
export function CopiedList() {
  const t = useTranslation();
  const { state } = useBulkMode();
  const entries = finishedCopies(state);
  return (
    <>
      {/* docs/product.md 4: leaving the finished copy asks first; its copies and their approval
          are inside the flow. */}
      <LeaveFlowGuard allow={insideCopiedFlow} />
      <PageHeader title={t('copied.title')} description={t('copied.description')} />
      {entries.length === 0 ? (
        <Stack gap="md" align="flex-start">
          <Text role="status">{t('copied.empty')}</Text>
          <FinishButton />
        </Stack>
      ) : (
        <CopiedEntries entries={entries} />
      )}
    </>
  );
}

function FinishButton() {
  const t = useTranslation();
  const navigate = useNavigate();
  const { state, dispatch } = useBulkMode();
  const finish = () => {
    const origin = state.origin ?? '/';
    dispatch({ type: 'finish' });
    void navigate({ to: origin });
  };
  return (
    <Button variant="default" onClick={finish}>
      {t('copied.finish')}
    </Button>
  );
}

function CopiedEntries(props: { entries: readonly CopiedEntry[] }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const online = useOnline();
  const refs = useMemo(() => assessmentRefs(props.entries), [props.entries]);
  const { data: located } = useSuspenseQuery(locatedAssessmentsQueryOptions(refs));
  const rows = useMemo<CopiedRow[]>(() => {
    const byId = new Map(located.map((entry) => [entry.assessmentId, entry]));
    return props.entries.map((entry) => ({ ...entry, current: byId.get(entry.assessmentId) }));
  }, [props.entries, located]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = (assessmentId: string) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(assessmentId)) next.delete(assessmentId);
      else next.add(assessmentId);
      return next;
    });
  const chosen = rows.filter((row) => selected.has(row.assessmentId));
  const single = chosen.length === 1 ? chosen[0] : undefined;
  // docs/product.md 2: Approve (count) takes the selected copies, or all of them when none is
  // selected; every one must be ready for approval (docs/product.md 5), and the job needs a
  // connection. /approve gets them and the way back in its navigation state.
  const toApprove = (chosen.length > 0 ? chosen : rows).map((row) => ({
    ...row,
    eligibleForApproval: isEligible(row),
  }));
  const approveBlocked = approveCopiedBlock(toApprove, online);
  const approve = () => {
    if (approveBlocked) return;
    const request = {
      from: 'copied' as const,
      properties: toApprove.map(({ propertyId, assessmentId, location }) => ({
        propertyId,
        assessmentId,
        location,
      })),
      origin: '/copied',
    };
    void navigate({ to: '/approve', state: approvalState(request, '/copied') });
  };
  const edit = () => {
    if (single)
      void navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: {
          propertyId: single.propertyId,
          assessmentId: single.assessmentId,
          chapter: 'screening',
          questionId: '001',
        },
      });
  };

  return (
    <>
      <Text role="status" mb="sm">
        {t(pluralKey('copied.count', rows.length), { count: rows.length })}
      </Text>
      <CardList>
        {rows.map((row) => {
          const status = row.current
            ? displayStatus(
                row.current.assessmentStatus,
                row.current.isCalculated,
                row.current.futureApprovedDate,
              )
            : 'draft';
          return (
            <CardListItem key={row.assessmentId}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Checkbox
                    aria-label={t('propertiesList.selectRow', { location: row.location })}
                    checked={selected.has(row.assessmentId)}
                    onChange={() => toggle(row.assessmentId)}
                  />
                  <Stack gap={4} miw={0}>
                    {/* docs/product.md 2: an entry opens screening question 001 of its copy. */}
                    <Anchor
                      fw={600}
                      aria-label={t('copied.open', { location: row.location })}
                      renderRoot={(rootProps) => (
                        <Link
                          {...rootProps}
                          to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
                          params={{
                            propertyId: row.propertyId,
                            assessmentId: row.assessmentId,
                            chapter: 'screening',
                            questionId: '001',
                          }}
                        />
                      )}
                    >
                      {row.location}
                    </Anchor>
                    <Group gap={6}>
                      <StatusBadge status={status} />
                      <Badge variant="outline" color={row.saved ? 'green.9' : 'gray.8'}>
                        {row.saved ? t('copied.saved') : t('copied.notSaved')}
                      </Badge>
                      <Text size="sm">
                        {isEligible(row) ? t('copied.eligible') : t('copied.notEligible')}
                      </Text>
                    </Group>
                  </Stack>
                </Group>
              </Group>
            </CardListItem>
          );
        })}
      </CardList>
      <ActionBar label={t('copied.actionBar.label')}>
        <Group justify="flex-end" gap="xs" align="flex-start">
          <FinishButton />
          <ReasonedButton
            label={t('copied.edit')}
            disabledReason={single ? null : t('copied.edit.disabled')}
            onClick={edit}
          />
          <ReasonedButton
            label={t('copied.approve', { count: toApprove.length })}
            disabledReason={
              approveBlocked === 'offline'
                ? t('bulkApprove.offline')
                : approveBlocked === 'selection'
                  ? t('copied.approve.disabled')
                  : null
            }
            onClick={approve}
          />
        </Group>
      </ActionBar>
    </>
  );
}
