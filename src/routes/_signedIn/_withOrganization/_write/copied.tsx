import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { CopiedList } from '../../../../features/bulk/copy/copied-list';
import { loadCopied } from '../../../../features/bulk/copy/load-copied';

/** /copied (docs/product.md 2, write only by the `_write` layout): the assessments just copied. */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/copied')({
  loader: ({ context }) => loadCopied(context.queryClient),
  component: CopiedRoute,
});

function CopiedRoute() {
  return (
    <Container size="md" py="xl">
      <CopiedList />
    </Container>
  );
}
