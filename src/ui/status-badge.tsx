import { Badge } from '@mantine/core';
import {
  IconBan,
  IconCalculator,
  IconCalendarClock,
  IconCircleCheck,
  IconCircleDashed,
  IconHourglassHigh,
  IconPencil,
  IconX,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { DisplayStatus } from '../domain/statuses';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate } from './format';

/** Spec 4: each status has its own label, colour and icon (dark shades keep 4.5:1 with white). */
const LOOK: Record<
  DisplayStatus,
  { color: string; Icon: ComponentType<{ size?: number; 'aria-hidden'?: boolean }> }
> = {
  notStarted: { color: 'gray.7', Icon: IconCircleDashed },
  draft: { color: 'blue.8', Icon: IconPencil },
  calculated: { color: 'violet.8', Icon: IconCalculator },
  ready: { color: 'orange.9', Icon: IconHourglassHigh },
  approved: { color: 'green.9', Icon: IconCircleCheck },
  approvedFuture: { color: 'teal.9', Icon: IconCalendarClock },
  rejected: { color: 'red.9', Icon: IconX },
  cancelled: { color: 'gray.7', Icon: IconBan },
};

export function StatusBadge(props: { status: DisplayStatus; futureApprovedDate?: string | null }) {
  const t = useTranslation();
  const { color, Icon } = LOOK[props.status];
  const label =
    props.status === 'approvedFuture' && props.futureApprovedDate
      ? t('status.approvedFuture', { date: formatShortDate(props.futureApprovedDate) })
      : t(`status.${props.status}` as 'status.draft');
  return (
    <Badge color={color} variant="filled" leftSection={<Icon size={14} aria-hidden />} radius="sm" tt="none">
      {label}
    </Badge>
  );
}
