import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { CopiedList } from '../../../../features/bulk/copy/copied-list';
import { loadCopied } from '../../../../features/bulk/copy/load-copied';

/** /copiedproperties (docs/product.md 2: the same screen as /copied; write only by the `_write` layout). */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/copiedproperties')({
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
