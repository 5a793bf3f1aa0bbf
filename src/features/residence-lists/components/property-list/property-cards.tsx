import { memo } from 'react';
import type { NotSelectableReason } from '../../../../domain/bulk-selection';
import type { Availability } from '../../hooks/use-offline-availability';
import { useTranslation } from '../../../../i18n/use-translation';
import type { PropertyListItem } from './list-items';
import { ItemStatus, NotOnDeviceLink } from './row-marks';
import classes from './property-list.module.css';
import type { ListSelection } from './use-list-selection';
import { useResidenceLinks } from '../../../../ui/use-residence-links';
import { WindowList } from '../../../../ui/window-list';

const CARD_HEIGHT = 104;

/**
 * One residence as a card; memoised, so that a keystroke renders only the cards it changes.
 * Plain elements styled as Mantine's Card, Anchor and Checkbox look, because a keystroke
 * renders every card in view anew (docs/performance.md, "The big list").
 */
const PropertyCard = memo(function PropertyCard(props: {
  item: PropertyListItem;
  selected: boolean;
  toggle: (key: string) => void;
  blocked: NotSelectableReason | undefined;
  href: string;
  availability: Availability;
}) {
  const t = useTranslation();
  const { item, blocked, toggle } = props;
  const reasonId = `card-not-selectable-${item.key}`;
  return (
    <div className={classes.cardBody}>
      <div className={classes.cardText}>
        {props.availability === 'unavailable' ? (
          <NotOnDeviceLink
            className={classes.cardLink}
            reasonId={`card-not-on-device-${item.key}`}
            showReason
          >
            {item.location}
          </NotOnDeviceLink>
        ) : (
          <a className={classes.cardLink} href={props.href} data-residence-id={item.residenceId}>
            {item.location}
          </a>
        )}
        <ItemStatus item={item} waitingForApproval={blocked === 'ready'} availability={props.availability} />
        {/* docs/product.md 4: why this residence cannot receive the copy. */}
        {blocked && (
          <span id={reasonId} className={classes.notSelectable}>
            {t(`propertiesList.notSelectable.${blocked}`)}
          </span>
        )}
      </div>
      <input
        type="checkbox"
        className={classes.rowCheck}
        aria-label={t('propertiesList.selectRow', { location: item.location })}
        checked={props.selected}
        onChange={() => toggle(item.key)}
        disabled={blocked !== undefined}
        aria-describedby={blocked ? reasonId : undefined}
      />
    </div>
  );
});

/** The mobile property list: cards, also rendered only while in view. */
export function PropertyCards(props: {
  items: readonly PropertyListItem[];
  selection: ListSelection;
  availability: (residenceId: string) => Availability;
}) {
  const { selection } = props;
  const links = useResidenceLinks();
  return (
    <WindowList
      items={props.items}
      rowHeight={CARD_HEIGHT}
      overscan={4}
      listProps={links.listProps}
      renderRow={(item) => (
        <PropertyCard
          item={item}
          selected={selection.selected.has(item.key)}
          toggle={selection.toggle}
          blocked={selection.blocked.get(item.key)}
          href={links.href(item.residenceId)}
          availability={props.availability(item.residenceId)}
        />
      )}
    />
  );
}
