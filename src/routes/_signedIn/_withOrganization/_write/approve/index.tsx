import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { approvalRequestOf } from '../../../../../features/bulk/approve/approval-request';
import { ApproveList } from '../../../../../features/bulk/approve/approve-list';

/**
 * /approve (docs/product.md 2, write only by the `_write` layout): the residences to approve,
 * from the navigation state, else from the session (put back into the navigation state).
 */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approve/')({
  beforeLoad: ({ location }) => ({
    approvalRequest: approvalRequestOf(location, (request) => request.origin),
  }),
  component: ApproveRoute,
});

function ApproveRoute() {
  const { approvalRequest } = Route.useRouteContext();
  return (
    <Container size="md" py="xl">
      <ApproveList request={approvalRequest} />
    </Container>
  );
}
