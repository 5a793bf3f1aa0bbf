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
import { memo, type ComponentType } from 'react';
import type { DisplayStatus } from '../../shared/rules/statuses';
import { useTranslation } from '../i18n/use-translation';
import { useStatusLabel } from './use-status-label';
import classes from './status-badge.module.css';

/**
 * docs/product.md 4: each status has its own label, colour and icon. A plain element rather than a
 * Mantine Badge: lists render hundreds of these while filtering (bench:list).
 */
const ICONS: Record<DisplayStatus, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  notStarted: IconCircleDashed,
  draft: IconPencil,
  calculated: IconCalculator,
  ready: IconHourglassHigh,
  approved: IconCircleCheck,
  approvedFuture: IconCalendarClock,
  rejected: IconX,
  cancelled: IconBan,
};

export const StatusBadge = memo(function StatusBadge(props: {
  status: DisplayStatus;
  futureApprovedDate?: string | null;
  /**
   * A ready row while copying (docs/product.md 3, waitingForApproval): it says why the row cannot
   * be chosen, "Afventer godkendelse", in the ready colour and icon.
   */
  waitingForApproval?: boolean;
}) {
  const t = useTranslation();
  const Icon = ICONS[props.status];
  const statusLabel = useStatusLabel(props.status, props.futureApprovedDate);
  const label = props.waitingForApproval ? t('propertiesList.waitingForApproval') : statusLabel;
  return (
    <span className={classes.badge} data-status={props.status}>
      <Icon size={14} aria-hidden />
      {label}
    </span>
  );
});
