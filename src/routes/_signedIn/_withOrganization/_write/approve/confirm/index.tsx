import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { requiredApprovalRequest } from '../../../../../../features/bulk/approve/approval-request';
import { ApproveConfirm } from '../../../../../../features/bulk/approve/approve-confirm';
import { useSendWaitingAnswers } from '../../../../../../features/outbox/hooks/use-send-waiting-answers';

/** /approve/confirm (docs/product.md 2, write only): approve now or from a later day; nothing chosen goes to /approve. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approve/confirm/')({
  beforeLoad: ({ location }) => ({
    approvalRequest: requiredApprovalRequest(location, () => '/approve'),
  }),
  component: ApproveConfirmRoute,
});

function ApproveConfirmRoute() {
  const { approvalRequest } = Route.useRouteContext();
  // docs/architecture.md 2: the answers of these assessments still on the device go first.
  const sendWaitingAnswers = useSendWaitingAnswers(approvalRequest.properties.map((p) => p.assessmentId));
  return (
    <Container size="md" py="xl">
      <ApproveConfirm request={approvalRequest} sendWaitingAnswers={sendWaitingAnswers} />
    </Container>
  );
}
