import { Button, Group, Stack, Text, type MantineSpacing } from '@mantine/core';
import { IconCalendar, IconCircleCheck } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { useReachReason } from './use-server-reach';

/**
 * Approve now and Approve in future, of one assessment (the results page) or of many (the bulk
 * approval pages), docs/product.md 2. Offline both are disabled with `offlineReason` shown under
 * them and tied to them (a job needs the server, docs/architecture.md 2 "Jobs: approving and bulk
 * copy"), and so they are while the device's session waits for a sign-in, saying that; while
 * `busy` both wait. `laterLink` renders the way to the date picker around the given
 * props; `children` (what kept an approval from starting) go under the reason.
 */
export function ApproveNowOrLater(props: {
  nowLabel: string;
  laterLabel: string;
  offlineReason: string;
  busy: boolean;
  onApproveNow: () => void;
  laterLink: (rootProps: Record<string, unknown>) => ReactNode;
  gap?: MantineSpacing;
  children?: ReactNode;
}) {
  const reason = useReachReason(props.offlineReason);
  const reasonId = useId();
  const described = reason === null ? undefined : reasonId;
  return (
    <Stack gap={props.gap}>
      <Group gap="sm">
        <Button
          leftSection={<IconCircleCheck size={16} aria-hidden />}
          disabled={reason !== null || props.busy}
          loading={props.busy}
          aria-describedby={described}
          onClick={props.onApproveNow}
        >
          {props.nowLabel}
        </Button>
        {reason === null && !props.busy ? (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            renderRoot={(rootProps) => props.laterLink(rootProps)}
          >
            {props.laterLabel}
          </Button>
        ) : (
          <Button
            variant="outline"
            leftSection={<IconCalendar size={16} aria-hidden />}
            disabled
            aria-describedby={described}
          >
            {props.laterLabel}
          </Button>
        )}
      </Group>
      {reason !== null && (
        <Text size="sm" id={reasonId}>
          {reason}
        </Text>
      )}
      {props.children}
    </Stack>
  );
}
