import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { StoragePanel } from '../../features/take-along/components/storage-panel';

/**
 * The storage panel (docs/architecture.md 2, "Taken along offline"): what is kept offline and the
 * space it takes. Reads only the device.
 */
export const Route = createFileRoute('/_signedIn/offline')({
  component: OfflineRoute,
});

function OfflineRoute() {
  return (
    <Container size="md" py="xl">
      <StoragePanel />
    </Container>
  );
}
