import { Container } from '@mantine/core';
import { createFileRoute, Link } from '@tanstack/react-router';
import {
  approvalState,
  requiredApprovalRequest,
} from '../../../../../../features/bulk/approve/approval-request';
import { BulkApproveDatePicker } from '../../../../../../features/bulk/approve/bulk-approve-date-picker';
import { useSendWaitingAnswers } from '../../../../../../features/outbox/hooks/use-send-waiting-answers';

/** /approve/confirm/datepicker (docs/product.md 2 and 5, write only): approve the chosen residences from a later day. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approve/confirm/datepicker')({
  beforeLoad: ({ location }) => ({
    approvalRequest: requiredApprovalRequest(location, () => '/approve/confirm'),
  }),
  component: ApproveDatePickerRoute,
});

function ApproveDatePickerRoute() {
  const { approvalRequest } = Route.useRouteContext();
  // docs/architecture.md 2: the answers of these assessments still on the device go first.
  const sendWaitingAnswers = useSendWaitingAnswers(approvalRequest.properties.map((p) => p.assessmentId));
  return (
    <Container size="md" py="xl">
      <BulkApproveDatePicker
        request={approvalRequest}
        sendWaitingAnswers={sendWaitingAnswers}
        cancelLink={(rootProps) => (
          <Link {...rootProps} to="/approve/confirm" state={approvalState(approvalRequest, '/approve')} />
        )}
      />
    </Container>
  );
}
