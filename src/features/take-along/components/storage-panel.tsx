import { Alert, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { PageHeader } from '../../../ui/page-header';
import { departmentProgress } from '../../../offline/client-state';
import { devicePhotos } from '../../../offline/device-photos';
import { storagePersisted } from '../../../offline/storage-persistence';
import { formatBytes } from '../format-bytes';
import { useOfflineRegistry } from '../../../ui/use-offline-registry';
import { removeDepartment, removeResidence } from '../remove';

interface StorageFacts {
  usage: number | null;
  quota: number | null;
  persisted: boolean | null;
  /** The bytes of the photos on the device waiting to be sent (null: unreadable). */
  photoBytes: number | null;
  /** The bytes of the photos kept for offline viewing, "med fotos" (null: unreadable). */
  keptPhotoBytes: number | null;
}

/** `navigator.storage` as far as the browser has it (null where it tells nothing). */
async function readStorageFacts(): Promise<StorageFacts> {
  const storage = typeof navigator === 'undefined' ? undefined : navigator.storage;
  const [estimate, persisted, photoBytes, keptPhotoBytes] = await Promise.all([
    storage?.estimate ? storage.estimate().catch(() => null) : Promise.resolve(null),
    storagePersisted(),
    devicePhotos.storedBytes().catch(() => null),
    devicePhotos.keptBytes().catch(() => null),
  ]);
  return {
    usage: estimate?.usage ?? null,
    quota: estimate?.quota ?? null,
    persisted,
    photoBytes,
    keptPhotoBytes,
  };
}

/**
 * The storage panel (docs/architecture.md 2, "Taken along offline"): what is kept offline per
 * department and residence with the date it was fetched, the space used and left, whether the
 * browser keeps the data, and removal per item. Removing never touches the answers waiting in the
 * outbox.
 */
export function StoragePanel() {
  const t = useTranslation();
  const queryClient = useQueryClient();
  const registry = useOfflineRegistry();
  const [facts, setFacts] = useState<StorageFacts | null>(null);

  useEffect(() => {
    let live = true;
    void readStorageFacts().then((f) => live && setFacts(f));
    return () => {
      live = false;
    };
  }, [registry]);

  const departments = Object.values(registry.departments).sort((a, b) => a.name.localeCompare(b.name, 'da'));
  const residences = Object.values(registry.residences)
    .filter((r) => r.sources.includes('self'))
    .sort((a, b) => a.location.localeCompare(b.location, 'da'));
  const departmentBytes = (id: string) =>
    Object.values(registry.residences)
      .filter((r) => r.sources.includes(`department:${id}`))
      .reduce((sum, r) => sum + r.bytes + (r.photos?.bytes ?? 0), 0);
  const persisted = facts?.persisted ?? registry.persistGranted;

  return (
    <>
      <PageHeader title={t('storage.title')} description={t('storage.description')} />
      <Stack gap="lg">
        <SpaceSection facts={facts} persisted={persisted} />

        {departments.length === 0 && residences.length === 0 && <Text>{t('storage.empty')}</Text>}

        <ItemSection
          id="storage-departments"
          title={t('storage.departments.title')}
          items={departments.map((d) => ({
            id: d.id,
            name: d.name,
            line: `${
              d.unfinished
                ? t('storage.department.lineUnfinished', {
                    done: departmentProgress(registry, d.id)?.done ?? 0,
                    count: d.residenceCount,
                    date: formatShortDate(d.fetchedAt),
                  })
                : t('storage.department.line', {
                    count: d.residenceCount,
                    date: formatShortDate(d.fetchedAt),
                  })
            } · ${formatBytes(departmentBytes(d.id))}`,
            remove: () => removeDepartment(queryClient, d.id),
          }))}
        />
        <ItemSection
          id="storage-residences"
          title={t('storage.residences.title')}
          items={residences.map((r) => ({
            id: r.id,
            name: r.location,
            line: r.photos
              ? t('storage.residence.linePhotos', {
                  date: formatShortDate(r.fetchedAt),
                  size: formatBytes(r.bytes + r.photos.bytes),
                  count: r.photos.count,
                })
              : t('storage.residence.line', {
                  date: formatShortDate(r.fetchedAt),
                  size: formatBytes(r.bytes),
                }),
            remove: () => removeResidence(queryClient, r.id),
          }))}
        />
        <Text size="sm" c="dimmed">
          {t('storage.outboxNote')}
        </Text>
      </Stack>
    </>
  );
}

/** The space used and left, the photos' share of it, and whether the browser keeps the data. */
function SpaceSection({ facts, persisted }: { facts: StorageFacts | null; persisted: boolean | null }) {
  const t = useTranslation();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="storage-space">
      <Title order={2} size="h4" id="storage-space" mb="xs">
        {t('storage.space.title')}
      </Title>
      <Text>
        {facts?.usage != null && facts.quota != null
          ? t('storage.space.used', { used: formatBytes(facts.usage), quota: formatBytes(facts.quota) })
          : t('storage.space.unknown')}
      </Text>
      {facts?.photoBytes ? (
        <Text mt="xs">{t('storage.photos', { size: formatBytes(facts.photoBytes) })}</Text>
      ) : null}
      {facts?.keptPhotoBytes ? (
        <Text mt="xs">{t('storage.keptPhotos', { size: formatBytes(facts.keptPhotoBytes) })}</Text>
      ) : null}
      {persisted === true && <Text mt="xs">{t('storage.persisted.yes')}</Text>}
      {persisted === false && (
        <Alert color="yellow" mt="xs">
          {t('storage.persisted.no')}
        </Alert>
      )}
      {persisted == null && <Text mt="xs">{t('storage.persisted.unknown')}</Text>}
    </Paper>
  );
}

/** One kept item on the panel: its name, what it holds, and how it is removed. */
interface StoredItem {
  id: string;
  name: string;
  line: string;
  remove: () => Promise<void>;
}

/** A titled list of kept items (departments, residences); nothing while it is empty. */
function ItemSection(props: { id: string; title: string; items: StoredItem[] }) {
  if (props.items.length === 0) return null;
  return (
    <section aria-labelledby={props.id}>
      <Title order={2} size="h4" id={props.id} mb="xs">
        {props.title}
      </Title>
      <List listStyleType="none" spacing="xs">
        {props.items.map((item) => (
          <List.Item key={item.id}>
            <ItemRow item={item} />
          </List.Item>
        ))}
      </List>
    </section>
  );
}

function ItemRow({ item }: { item: StoredItem }) {
  const t = useTranslation();
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    setBusy(true);
    try {
      await item.remove();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Paper withBorder p="sm">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        {/* The text wraps; the button keeps its width on a phone. */}
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{item.name}</Text>
          <Text size="sm">{item.line}</Text>
        </div>
        <Button
          variant="default"
          color="red"
          style={{ flexShrink: 0 }}
          loading={busy}
          onClick={() => void remove()}
          aria-label={t('storage.remove.aria', { name: item.name })}
        >
          {t('storage.remove')}
        </Button>
      </Group>
    </Paper>
  );
}
