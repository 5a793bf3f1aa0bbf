import { Group, Text } from '@mantine/core';
import { IconCloudDownload } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { activeOrganization } from '../offline/active-organization';
import { TooltipReasonedButton } from './reasoned-button';
import { useOnline } from './use-online';
import { useOfflineRegistry } from './use-offline-registry';
import type { ResidenceToTake } from '../offline/take-along/take-along-types';
import { useTakeAlong, useTakeAlongState } from './use-take-along';
import { OfflineMark } from './offline-mark';

/** The active organization (src/offline/active-organization.ts), whose departments are kept too. */
function useActiveOrganizationId(): string {
  return useSyncExternalStore(activeOrganization.subscribe, () => activeOrganization.get()?.id ?? '');
}

/** Why a take along cannot start now: offline, or another one is running; null when it can. */
function useBlockReason(): string | null {
  const t = useTranslation();
  const online = useOnline();
  const { progress } = useTakeAlongState();
  if (!online) return t('takeAlong.offline');
  if (progress?.phase === 'running') return t('takeAlong.busy');
  return null;
}

/** As the list's action buttons: stays focusable when blocked and says why in a tooltip. */
function TakeButton(props: { label: string; reason: string | null; onClick: () => void }) {
  return (
    <TooltipReasonedButton
      variant="default"
      leftSection={<IconCloudDownload size={18} aria-hidden />}
      label={props.label}
      disabledReason={props.reason}
      onClick={props.onClick}
    />
  );
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
  return (
    <Group gap="xs">
      <TakeButton
        label={taken ? t('takeAlong.again') : t('takeAlong.department')}
        reason={reason}
        onClick={() => void start({ kind: 'department', ...props })}
      />
      {taken && <OfflineMark fetchedAt={taken.fetchedAt} />}
    </Group>
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
  return (
    <TakeButton
      label={t('takeAlong.selection')}
      reason={reason}
      onClick={() => {
        void start({ kind: 'residences', organizationId, residences: [...props.residences] });
        props.onStarted?.();
      }}
    />
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
  return (
    <Group gap="xs">
      {taken && (
        <Group gap={4}>
          <OfflineMark fetchedAt={taken.fetchedAt} />
          <Text size="sm">{t('takeAlong.mark')}</Text>
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
          })
        }
      />
    </Group>
  );
}
