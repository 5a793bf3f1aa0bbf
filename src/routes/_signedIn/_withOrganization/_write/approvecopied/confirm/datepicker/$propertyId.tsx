import { Container } from '@mantine/core';
import { createFileRoute, Link, redirect } from '@tanstack/react-router';
import { BulkApproveDatePicker } from '../../../../../../../features/bulk/approve/bulk-approve-date-picker';
import { approveCopiedRequest } from '../../../../../../../features/bulk/approve/load-approved';
import { useSendWaitingAnswers } from '../../../../../../../features/outbox/hooks/use-send-waiting-answers';
import { bulkStore } from '../../../../../../../offline/bulk-state';

/**
 * /approvecopied/confirm/datepicker/{propertyId} (docs/product.md 2 and 5, write only): approve the
 * copies from a later day. {propertyId} is the residence the copies were made from; another one,
 * or no copies to approve, goes back to /approvecopied.
 */
export const Route = createFileRoute(
  '/_signedIn/_withOrganization/_write/approvecopied/confirm/datepicker/$propertyId',
)({
  beforeLoad: ({ params }) => {
    const state = bulkStore.getSnapshot();
    const approvalRequest = approveCopiedRequest(state);
    if (!approvalRequest || state.source?.propertyId !== params.propertyId)
      throw redirect({ to: '/approvecopied', replace: true });
    return { approvalRequest };
  },
  component: ApproveCopiedDatePickerRoute,
});

function ApproveCopiedDatePickerRoute() {
  const { approvalRequest } = Route.useRouteContext();
  // docs/architecture.md 2: the answers of these copies still on the device go first.
  const sendWaitingAnswers = useSendWaitingAnswers(approvalRequest.properties.map((p) => p.assessmentId));
  return (
    <Container size="md" py="xl">
      <BulkApproveDatePicker
        request={approvalRequest}
        sendWaitingAnswers={sendWaitingAnswers}
        cancelLink={(rootProps) => <Link {...rootProps} to="/approvecopied" />}
      />
    </Container>
  );
}
