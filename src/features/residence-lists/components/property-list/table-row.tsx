import { memo, type MouseEvent } from 'react';
import type { NotSelectableReason } from '../../../../domain/bulk-selection';
import { useTranslation } from '../../../../i18n/use-translation';
import type { Availability } from '../../hooks/use-offline-availability';
import type { PropertyListItem } from './list-items';
import classes from './property-list.module.css';
import { ItemStatus, NotOnDeviceLink } from './row-marks';

/** docs/product.md 9: table row height 44, header height 52. */
export const ROW_HEIGHT = 44;

/**
 * One residence; plain elements (not Mantine's, nor the router's Link: see useResidenceLinks)
 * because a keystroke renders every row in view anew.
 */
export const TableRow = memo(function TableRow(props: {
  item: PropertyListItem;
  rowIndex: number;
  selected: boolean;
  toggle: (key: string) => void;
  blocked: NotSelectableReason | undefined;
  href: string;
  availability: Availability;
}) {
  const { item } = props;
  const unavailable = props.availability === 'unavailable';
  return (
    <tr className={classes.row} style={{ height: ROW_HEIGHT }} aria-rowindex={props.rowIndex}>
      <td className={classes.check}>
        <RowCheck item={item} selected={props.selected} toggle={props.toggle} blocked={props.blocked} />
      </td>
      <td>
        {unavailable ? (
          <NotOnDeviceLink className={classes.link} reasonId={`not-on-device-${item.key}`} showReason={false}>
            {item.streetName}
          </NotOnDeviceLink>
        ) : (
          // Named by the whole address, as the number's link: a street's name alone is the same
          // on every row of the street (WCAG 2.4.4), and it is the row's one stop for Tab.
          <ResidenceLink item={item} href={props.href}>
            {item.streetName}
          </ResidenceLink>
        )}
      </td>
      <td>
        {unavailable ? (
          item.streetNumber
        ) : (
          <ResidenceLink item={item} href={props.href} tabIndex={-1}>
            {item.streetNumber}
          </ResidenceLink>
        )}
      </td>
      <td>{item.floorNumber ?? ''}</td>
      <td>{item.doorCode ?? ''}</td>
      <td>{item.zipCode}</td>
      <td>
        <ItemStatus
          item={item}
          waitingForApproval={props.blocked === 'ready'}
          availability={props.availability}
        />
      </td>
    </tr>
  );
});

/**
 * The row's checkbox. docs/product.md 4: a row that cannot be a copy target says why; it stays
 * focusable (aria-disabled, not disabled) so that the reason is heard by keyboard users too.
 */
function RowCheck(props: {
  item: PropertyListItem;
  selected: boolean;
  toggle: (key: string) => void;
  blocked: NotSelectableReason | undefined;
}) {
  const t = useTranslation();
  const { item } = props;
  const reason = props.blocked ? t(`propertiesList.notSelectable.${props.blocked}`) : null;
  const reasonId = `not-selectable-${item.key}`;
  return (
    <>
      <input
        type="checkbox"
        className={classes.rowCheck}
        aria-label={t('propertiesList.selectRow', { location: item.location })}
        checked={props.selected}
        onChange={() => props.toggle(item.key)}
        {...(reason
          ? {
              'aria-disabled': true,
              'aria-describedby': reasonId,
              title: reason,
              onClick: (e: MouseEvent) => e.preventDefault(),
            }
          : {})}
      />
      {reason && (
        <span id={reasonId} className={classes.visuallyHidden}>
          {reason}
        </span>
      )}
    </>
  );
}

/** A link to the residence, named by its whole address (the list's handlers open it). */
function ResidenceLink(props: { item: PropertyListItem; href: string; tabIndex?: number; children: string }) {
  const t = useTranslation();
  return (
    <a
      className={classes.link}
      href={props.href}
      data-residence-id={props.item.residenceId}
      aria-label={t('propertiesList.openResidence', { location: props.item.location })}
      tabIndex={props.tabIndex}
    >
      {props.children}
    </a>
  );
}
