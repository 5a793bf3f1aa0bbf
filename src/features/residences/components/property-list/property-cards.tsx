import { Anchor, Card, Checkbox, Group, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { NotSelectableReason } from '../../../../domain/bulk-selection';
import { useTranslation } from '../../../../i18n/use-translation';
import { StatusBadge } from '../../../../ui/status-badge';
import type { PropertyListItem } from './list-items';
import { ConvertedMark } from './property-table';
import classes from './property-list.module.css';
import type { ListSelection } from './use-list-selection';
import { useWindowRows } from './use-window-rows';

const CARD_HEIGHT = 104;

/** One residence as a card; memoised, so that a keystroke renders only the cards it brings in. */
const PropertyCard = memo(function PropertyCard(props: {
  item: PropertyListItem;
  top: number;
  selected: boolean;
  toggle: (key: string) => void;
  blocked: NotSelectableReason | undefined;
}) {
  const t = useTranslation();
  const { item, blocked, toggle } = props;
  const reasonId = `card-not-selectable-${item.key}`;
  return (
    <li className={classes.card} style={{ top: props.top, height: CARD_HEIGHT }}>
      <Card withBorder padding="sm" radius="md" h="100%">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={2} miw={0}>
            <Anchor
              renderRoot={(rootProps) => (
                <Link {...rootProps} to="/residence/$propertyId" params={{ propertyId: item.residenceId }} />
              )}
              fw={600}
            >
              {item.location}
            </Anchor>
            <Group gap={6} wrap="nowrap">
              <StatusBadge status={item.displayStatus} futureApprovedDate={item.futureApprovedDate} />
              {item.isConverted && <ConvertedMark />}
            </Group>
            {/* docs/product.md 4: why this residence cannot receive the copy. */}
            {blocked && (
              <span id={reasonId} className={classes.notSelectable}>
                {t(`propertiesList.notSelectable.${blocked}`)}
              </span>
            )}
          </Stack>
          <Checkbox
            aria-label={t('propertiesList.selectRow', { location: item.location })}
            checked={props.selected}
            onChange={() => toggle(item.key)}
            disabled={blocked !== undefined}
            aria-describedby={blocked ? reasonId : undefined}
          />
        </Group>
      </Card>
    </li>
  );
});

/** The mobile property list: cards, also rendered only while in view. */
export function PropertyCards(props: { items: readonly PropertyListItem[]; selection: ListSelection }) {
  const { ref, virtualizer, scrollMargin } = useWindowRows<HTMLUListElement>({
    count: props.items.length,
    itemHeight: CARD_HEIGHT,
    overscan: 4,
  });
  const { selection } = props;
  return (
    <ul ref={ref} className={classes.cardList} style={{ height: virtualizer.getTotalSize() }}>
      {virtualizer.getVirtualItems().map((virtual) => {
        const item = props.items[virtual.index]!;
        return (
          <PropertyCard
            key={item.key}
            item={item}
            top={virtual.start - scrollMargin}
            selected={selection.selected.has(item.key)}
            toggle={selection.toggle}
            blocked={selection.blocked.get(item.key)}
          />
        );
      })}
    </ul>
  );
}
