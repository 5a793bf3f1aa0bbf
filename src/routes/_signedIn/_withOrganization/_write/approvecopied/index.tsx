import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { approveCopiedRequest } from '../../../../../features/bulk/approve/load-approved';
import { ApproveCopied } from '../../../../../features/bulk/approve/approve-copied';
import { useSendWaitingAnswers } from '../../../../../features/outbox/hooks/use-send-waiting-answers';
import { bulkStore } from '../../../../../offline/bulk-state';

/**
 * /approvecopied (docs/product.md 2, write only by the `_write` layout): approve the copies just
 * made. Its data is the bulk flow in session storage; nothing to load.
 */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approvecopied/')({
  beforeLoad: () => ({ approvalRequest: approveCopiedRequest(bulkStore.getSnapshot()) }),
  component: ApproveCopiedRoute,
});

function ApproveCopiedRoute() {
  const { approvalRequest } = Route.useRouteContext();
  // docs/architecture.md 2: the answers of these copies still on the device go first.
  const sendWaitingAnswers = useSendWaitingAnswers(
    approvalRequest?.properties.map((p) => p.assessmentId) ?? [],
  );
  return (
    <Container size="md" py="xl">
      <ApproveCopied sendWaitingAnswers={sendWaitingAnswers} />
    </Container>
  );
}
