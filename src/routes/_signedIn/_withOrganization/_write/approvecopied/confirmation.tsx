import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ApprovedList } from '../../../../../features/bulk/approve/approved-list';
import { loadApproved } from '../../../../../features/bulk/approve/load-approved';

/** /approvecopied/confirmation (docs/product.md 2 and 4, write only): the copies just approved. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approvecopied/confirmation')({
  loader: ({ context }) => loadApproved(context.queryClient),
  component: ApproveCopiedConfirmationRoute,
});

function ApproveCopiedConfirmationRoute() {
  return (
    <Container size="md" py="xl">
      <ApprovedList variant="copied" />
    </Container>
  );
}
