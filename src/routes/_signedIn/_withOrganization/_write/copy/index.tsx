import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { CopySummary } from '../../../../../features/bulk/copy/copy-summary';
import { GuidanceButton } from '../../../../../features/guidance/components/guidance-button';

/**
 * /copy (docs/product.md 2, write only by the `_write` layout): the summary of the chosen
 * residences with Paste. Its data is the bulk flow in session storage; nothing to load.
 */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/copy/')({
  component: CopyRoute,
});

function CopyRoute() {
  return (
    <Container size="md" py="xl">
      <GuidanceButton tip="summaryPage" auto />
      <CopySummary />
    </Container>
  );
}
