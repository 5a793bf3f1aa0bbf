import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ApprovedList } from '../../../../features/bulk/approve/approved-list';
import { loadApproved } from '../../../../features/bulk/approve/load-approved';

/** /approved (docs/product.md 2 and 4, write only): the assessments an approval from a list has just approved. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/approved')({
  loader: ({ context }) => loadApproved(context.queryClient),
  component: ApprovedRoute,
});

function ApprovedRoute() {
  return (
    <Container size="md" py="xl">
      <ApprovedList variant="list" />
    </Container>
  );
}
