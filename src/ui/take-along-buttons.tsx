import { Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useId, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useHasPhotos } from '../api/photos';
import { useTranslation } from '../i18n/use-translation';
import { activeOrganization } from '../offline/active-organization';
import { departmentProgress } from '../offline/client-state';
import { TooltipReasonedButton } from './reasoned-button';
import { useReachReason } from './use-server-reach';
import { useOfflineRegistry } from './use-offline-registry';
import type { ResidenceToTake } from '../offline/take-along/take-along-types';
import { useTakeAlong, useTakeAlongState } from './use-take-along';
import { OfflineMark } from './offline-mark';

/** The active organization (src/offline/active-organization.ts), whose departments are kept too. */
function useActiveOrganizationId(): string {
  return useSyncExternalStore(activeOrganization.subscribe, () => activeOrganization.get()?.id ?? '');
}

/**
 * Why a take along cannot start now: offline or waiting for a sign-in, or another one is running;
 * null when it can.
 */
function useBlockReason(): string | null {
  const t = useTranslation();
  const unreachable = useReachReason(t('takeAlong.offline'));
  const { progress } = useTakeAlongState();
  if (unreachable) return unreachable;
  if (progress?.phase === 'running') return t('takeAlong.busy');
  return null;
}

/** As the list's action buttons: stays focusable when blocked and says why in a tooltip. */
function TakeButton(props: {
  label: string;
  reason: string | null;
  onClick: () => void;
  describedBy?: string;
}) {
  return (
    <TooltipReasonedButton
      variant="default"
      leftSection={<IconCloudDownload size={18} aria-hidden />}
      label={props.label}
      disabledReason={props.reason}
      onClick={props.onClick}
      aria-describedby={props.describedBy}
    />
  );
}

/**
 * "Med fotos": whether a take along fetches the photos too, asked each time (they are heavy);
 * offered only by a server that keeps photos. `withPhotos` is false while it is not offered.
 */
function useWithPhotos(): { withPhotos: boolean; checkbox: ReactNode } {
  const t = useTranslation();
  const offered = useHasPhotos();
  const [checked, setChecked] = useState(false);
  const checkbox = offered ? (
    <Checkbox
      label={t('takeAlong.withPhotos')}
      title={t('takeAlong.withPhotos.description')}
      checked={checked}
      onChange={(event) => setChecked(event.currentTarget.checked)}
    />
  ) : null;
  return { withPhotos: offered && checked, checkbox };
}

/** Department screen: the department's list and every residence in it. */
export function TakeAlongDepartmentButton(props: {
  organizationId: string;
  departmentId: string;
  departmentName: string;
}) {
  const t = useTranslation();
  const { start } = useTakeAlong();
  const reason = useBlockReason();
  const registry = useOfflineRegistry();
  const taken = registry.departments[props.departmentId];
  // A take along that ended half-way (stopped, failed, or the page closed under it) says how far it
  // came and offers the rest, not the whole department again. Not while one runs: its status shows.
  const { progress: running } = useTakeAlongState();
  const lastRun = running?.phase === 'running' ? null : departmentProgress(registry, props.departmentId);
  const rest = lastRun?.unfinished === true;
  const noteId = useId();
  const { withPhotos, checkbox } = useWithPhotos();
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <TakeButton
          label={rest ? t('takeAlong.rest') : taken ? t('takeAlong.again') : t('takeAlong.department')}
          reason={reason}
          onClick={() => void start({ kind: 'department', ...props, withPhotos, rest })}
          describedBy={rest ? noteId : undefined}
        />
        {checkbox}
        {taken && <OfflineMark fetchedAt={taken.fetchedAt} />}
      </Group>
      {rest && (
        <Text size="sm" id={noteId}>
          {t('takeAlong.unfinished', { done: lastRun.done, total: lastRun.total })}
        </Text>
      )}
    </Stack>
  );
}

/** The property list's selection action bar. */
export function TakeAlongSelectionButton(props: {
  residences: readonly ResidenceToTake[];
  onStarted?: () => void;
}) {
  const t = useTranslation();
  const { start } = useTakeAlong();
  const reason = useBlockReason();
  const organizationId = useActiveOrganizationId();
  const { withPhotos, checkbox } = useWithPhotos();
  return (
    <Group gap="xs">
      <TakeButton
        label={t('takeAlong.selection')}
        reason={reason}
        onClick={() => {
          void start({ kind: 'residences', organizationId, residences: [...props.residences], withPhotos });
          props.onStarted?.();
        }}
      />
      {checkbox}
    </Group>
  );
}

/**
 * The residence screen: take this residence along, or the mark that it is (with the date).
 * Mounted in the residence screen's header (src/features/residence/components/residence-screen.tsx).
 */
export function TakeAlongResidenceButton(props: { propertyId: string; location: string }) {
  const t = useTranslation();
  const { start } = useTakeAlong();
  const reason = useBlockReason();
  const registry = useOfflineRegistry();
  const organizationId = useActiveOrganizationId();
  const taken = registry.residences[props.propertyId];
  const { withPhotos, checkbox } = useWithPhotos();
  return (
    <Group gap="xs">
      {taken && (
        <Group gap={4}>
          <OfflineMark fetchedAt={taken.fetchedAt} />
          <Text size="sm">
            {taken.photos ? t('takeAlong.mark.photos', { count: taken.photos.count }) : t('takeAlong.mark')}
          </Text>
        </Group>
      )}
      <TakeButton
        label={taken ? t('takeAlong.again') : t('takeAlong.residence')}
        reason={reason}
        onClick={() =>
          void start({
            kind: 'residences',
            organizationId,
            residences: [{ id: props.propertyId, location: props.location }],
            withPhotos,
          })
        }
      />
      {checkbox}
    </Group>
  );
}
