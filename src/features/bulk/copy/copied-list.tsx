import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback, useMemo, useState } from 'react';
import type { AssessmentListEntry } from '../../../../shared/contract/dto';
import { finishedCopies, type BulkState, type CopiedEntry } from '../../../domain/bulk-mode';
import { approveCopiedBlock, isCopyReadyForApproval } from '../../../domain/bulk-selection';
import { useTranslation } from '../../../i18n/use-translation';
import { bulkStore } from '../../../offline/bulk-state';
import { ActionBar } from '../../../ui/action-bar';
import { PageHeader } from '../../../ui/page-header';
import { ReasonedButton } from '../../../ui/reasoned-button';
import { reachReason, useServerReach } from '../../../ui/use-server-reach';
import { approvalState } from '../approve/approval-request';
import { LeaveFlowGuard } from '../approve/leave-flow-guard';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { allFailedItems } from '../results/failed-items';
import { JobResultList, type CopyRowState } from '../results/job-result-list';
import { JobSummary } from '../results/job-summary';
import { useJobItems } from '../results/use-job-items';

/** The pages a finished copy flow goes on to without ending: its copies and their approval. */
const insideCopiedFlow = (pathname: string) =>
  pathname.startsWith('/assessment/') ||
  pathname.startsWith('/approve') ||
  pathname === '/copied' ||
  pathname === '/copiedproperties';

/**
 * /copied and /copiedproperties (docs/product.md 2): the copy job's result, read from the server a
 * page at a time (docs/api.md "Jobs"), so a copy to a whole department is listed like a small one:
 * how many were copied, which failed and why (with a way to copy to those again), and each copy
 * with its current status, whether the user has been through it ("save answers and go back" from
 * the form) and whether it may be approved. Each opens at screening question 001. The action bar
 * has Finish (the flow ends), Edit (one selected copy) and Approve (the selected, or every copy).
 */
export function CopiedList() {
  const t = useTranslation();
  const { state } = useBulkMode();
  const jobId = state.mode === 'copyComplete' ? state.copyJobId : null;
  return (
    <>
      {/* docs/product.md 4: leaving the finished copy asks first; its copies and their approval
          are inside the flow. */}
      <LeaveFlowGuard allow={insideCopiedFlow} />
      <PageHeader title={t('copied.title')} description={t('copied.description')} />
      {jobId === null ? (
        <Stack gap="md" align="flex-start">
          <Text role="status">{t('copied.empty')}</Text>
          <FinishButton />
        </Stack>
      ) : (
        <CopiedJob jobId={jobId} entries={finishedCopies(state)} />
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

/**
 * "Copy again to the failed ones": the flow starts over from the same source with the residences
 * whose copy failed chosen (as they were chosen, for the overwrite warning), on the summary with
 * Paste (docs/product.md 4).
 */
async function chooseFailedTargets(jobId: string, state: BulkState): Promise<void> {
  const failed = new Set((await allFailedItems(jobId)).map((item) => item.propertyId));
  const targets = state.targets.filter((target) => failed.has(target.propertyId));
  if (!state.source || targets.length === 0) return;
  bulkStore.dispatch({ type: 'copy', source: state.source, origin: state.origin ?? '/' });
  bulkStore.dispatch({ type: 'selectTargets', targets });
}

function CopiedJob(props: { jobId: string; entries: readonly CopiedEntry[] }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const { state } = useBulkMode();
  const job = useJobItems(props.jobId);
  const entries = useMemo(
    () => new Map(props.entries.map((entry) => [entry.assessmentId, entry])),
    [props.entries],
  );
  // The copies as the server has them now, where their page has been read.
  const current = useMemo(
    () =>
      new Map(
        job.items.flatMap((item) =>
          item.assessment ? [[item.assessment.assessmentId, item.assessment]] : [],
        ),
      ),
    [job.items],
  );
  const copyOf = useCallback(
    (assessmentId: string): CopyRowState | undefined => {
      const entry = entries.get(assessmentId);
      return (
        entry && { saved: entry.saved, eligible: isCopyReadyForApproval(entry, current.get(assessmentId)) }
      );
    },
    [entries, current],
  );
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback(
    (assessmentId: string) =>
      setSelected((before) => {
        const next = new Set(before);
        if (next.has(assessmentId)) next.delete(assessmentId);
        else next.add(assessmentId);
        return next;
      }),
    [],
  );
  const retry = useMutation({
    mutationFn: () => chooseFailedTargets(props.jobId, bulkStore.getSnapshot()),
    onSuccess: () => {
      if (bulkStore.getSnapshot().mode === 'copying') void navigate({ to: '/copy' });
    },
  });

  return (
    <>
      <JobSummary
        jobId={props.jobId}
        kind="copy"
        counts={job.counts}
        total={job.total}
        stopped={job.status === 'cancelled'}
        onRetryFailed={state.source ? () => retry.mutate() : undefined}
        retrying={retry.isPending}
        retryError={retry.isError}
      />
      <JobResultList
        label={t('copied.list.label')}
        kind="copy"
        items={job.items}
        total={job.total}
        onNearEnd={job.loadMore}
        loadFailed={job.loadFailed}
        onRetry={job.retry}
        copyOf={copyOf}
        selected={selected}
        onToggle={toggle}
      />
      <CopiedActions entries={props.entries} selected={selected} current={current} />
    </>
  );
}

/**
 * The action bar of /copied: Finish, Edit (one selected copy, at screening question 001) and
 * Approve (count), which takes the selected copies, or every copy the job made when none is
 * selected (those not yet on screen too).
 */
function CopiedActions(props: {
  entries: readonly CopiedEntry[];
  selected: ReadonlySet<string>;
  /** The copies as the server has them now, where their page has been read. */
  current: ReadonlyMap<string, AssessmentListEntry>;
}) {
  const t = useTranslation();
  const navigate = useNavigate();
  const reach = useServerReach();
  const { current } = props;
  const chosen = props.entries.filter((entry) => props.selected.has(entry.assessmentId));
  const single = chosen.length === 1 ? chosen[0] : undefined;
  // docs/product.md 2: every copy to approve must be ready for approval (docs/product.md 5), and
  // the job needs a connection. /approve gets them in its navigation state.
  const toApprove = (chosen.length > 0 ? chosen : props.entries).map((entry) => ({
    ...entry,
    eligibleForApproval: isCopyReadyForApproval(entry, current.get(entry.assessmentId)),
  }));
  const approveBlocked = approveCopiedBlock(toApprove, reach);
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
            approveBlocked === 'selection'
              ? t('copied.approve.disabled')
              : reachReason(approveBlocked, t('bulkApprove.offline'), t)
          }
          onClick={approve}
        />
      </Group>
    </ActionBar>
  );
}
