import { Tooltip } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { OfflineMark } from '../../../../ui/offline-mark';
import { StatusBadge } from '../../../../ui/status-badge';
import type { Availability } from '../../hooks/use-offline-availability';
import type { PropertyListItem } from './list-items';
import classes from './property-list.module.css';

/** What the table's rows and the cards both show of a residence beside its address. */

export function ConvertedMark() {
  const t = useTranslation();
  return (
    <Tooltip
      label={t('propertiesList.converted.tooltip')}
      multiline
      w={260}
      events={{ hover: true, focus: true, touch: true }}
    >
      <span
        className={classes.converted}
        tabIndex={0}
        role="img"
        aria-label={t('propertiesList.converted.tooltip')}
      >
        <IconAlertTriangle size={18} aria-hidden />
      </span>
    </Tooltip>
  );
}

/** The status badge ("waiting for approval" for a ready one while copying), converted, kept offline. */
export function ItemStatus(props: {
  item: PropertyListItem;
  waitingForApproval: boolean;
  availability: Availability;
}) {
  const { item } = props;
  return (
    <span className={classes.statusCell}>
      <StatusBadge
        status={item.displayStatus}
        futureApprovedDate={item.futureApprovedDate}
        waitingForApproval={props.waitingForApproval}
      />
      {item.isConverted && <ConvertedMark />}
      {props.availability === 'kept' && <OfflineMark />}
    </span>
  );
}

/**
 * Offline and never on the device (docs/architecture.md 2, "Taken along offline"): a link that
 * does not open and says why. A card shows the reason under the address; a table row has no room,
 * so it is read out and a tooltip.
 */
export function NotOnDeviceLink(props: {
  className: string;
  reasonId: string;
  showReason: boolean;
  children: ReactNode;
}) {
  const t = useTranslation();
  const reason = t('takeAlong.notOnDevice');
  return (
    <a
      className={`${props.className} ${classes.unavailable}`}
      role="link"
      aria-disabled="true"
      tabIndex={0}
      aria-describedby={props.reasonId}
      title={props.showReason ? undefined : reason}
    >
      {props.children}
      <span id={props.reasonId} className={props.showReason ? classes.notSelectable : classes.visuallyHidden}>
        {reason}
      </span>
    </a>
  );
}
