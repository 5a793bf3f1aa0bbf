import { Button, Group, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ApprovalRequest } from '../../../domain/bulk-approval';
import { isCopiedListPath } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { bulkStore } from '../../../offline/bulk-state';
import { PageHeader } from '../../../ui/page-header';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { allFailedItems } from '../results/failed-items';
import { JobResultList } from '../results/job-result-list';
import { JobSummary } from '../results/job-summary';
import { useJobItems } from '../results/use-job-items';
import { approvalState } from './approval-request';
import { finishBulkFlow, LeaveFlowGuard } from './leave-flow-guard';
import { approvedJobId } from './load-approved';

/**
 * Approving the failed ones again goes to /approve: inside the flow, like the copies' list. The
 * confirmation and date pages behind it (the browser's Back) are not: leaving there asks first.
 */
const insideApprovedFlow = (variant: 'list' | 'copied') => (pathname: string) =>
  pathname === '/approve' || (variant === 'copied' && isCopiedListPath(pathname));

/**
 * /approved and /approvecopied/confirmation (docs/product.md 2 and 4): the approval job's result,
 * read from the server a page at a time (docs/api.md "Jobs"): how many were approved, which failed
 * and why (with a way to approve those again), and each assessment with its status as the server
 * has it now and "Gælder fra" with the day for those approved from a later day. Finish ends the
 * flow and goes home; leaving otherwise asks first (the guard dialog).
 */
export function ApprovedList(props: { variant: 'list' | 'copied' }) {
  const t = useTranslation();
  const title = t(
    props.variant === 'list' ? 'bulkApprove.approved.title' : 'approveCopied.confirmation.title',
  );
  const navigate = useNavigate();
  const { state } = useBulkMode();
  const jobId = approvedJobId(state);
  const finish = () => {
    finishBulkFlow();
    void navigate({ to: '/' });
  };
  return (
    <>
      <PageHeader title={title} />
      {jobId !== null ? (
        <ApprovedJob jobId={jobId} variant={props.variant} />
      ) : (
        <Text role="status">{t('approved.empty')}</Text>
      )}
      <Group mt="lg">
        <Button onClick={finish}>{t('approved.finish')}</Button>
      </Group>
      <LeaveFlowGuard allow={insideApprovedFlow(props.variant)} />
    </>
  );
}

/**
 * "Approve the failed ones again": every failed item whose assessment still exists, handed to
 * /approve as a new choice (from the list it came from, or the copies' list).
 */
async function failedApprovalRequest(
  jobId: string,
  variant: 'list' | 'copied',
): Promise<ApprovalRequest | null> {
  const properties = (await allFailedItems(jobId)).flatMap((item) =>
    item.assessment
      ? [{ propertyId: item.propertyId, assessmentId: item.assessment.assessmentId, location: item.location }]
      : [],
  );
  if (properties.length === 0) return null;
  const origin = variant === 'copied' ? '/copied' : (bulkStore.getSnapshot().approval?.origin ?? '/');
  return { from: variant === 'copied' ? 'copied' : 'list', properties, origin };
}

function ApprovedJob(props: { jobId: string; variant: 'list' | 'copied' }) {
  const t = useTranslation();
  const navigate = useNavigate();
  const job = useJobItems(props.jobId);
  const here = props.variant === 'list' ? '/approved' : '/approvecopied/confirmation';
  const retry = useMutation({
    mutationFn: () => failedApprovalRequest(props.jobId, props.variant),
    onSuccess: (request) => {
      if (request) void navigate({ to: '/approve', state: approvalState(request, here) });
    },
  });
  return (
    <>
      <JobSummary
        jobId={props.jobId}
        kind="finish"
        counts={job.counts}
        total={job.total}
        stopped={job.status === 'cancelled'}
        onRetryFailed={() => retry.mutate()}
        retrying={retry.isPending}
        retryError={retry.isError}
      />
      <JobResultList
        label={t('approved.list.label')}
        kind="finish"
        items={job.items}
        total={job.total}
        onNearEnd={job.loadMore}
        loadFailed={job.loadFailed}
        onRetry={job.retry}
      />
    </>
  );
}
