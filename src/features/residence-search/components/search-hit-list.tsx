import { memo, useEffect } from 'react';
import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { INVALID_RESIDENCE_ID } from '../../../../shared/rules/location';
import { displayStatus } from '../../../../shared/rules/statuses';
import { StatusBadge } from '../../../ui/status-badge';
import { useCurrentPath } from '../../../ui/use-current-path';
import { useResidenceLinks } from '../../../ui/use-residence-links';
import { useWindowRows } from '../../../ui/use-window-rows';
import classes from './search-hit-list.module.css';

/** A hit's fixed height: the address on one line, its status under it, and the gap to the next. */
const HIT_HEIGHT = 84;
/** The next hits are asked for when the rows in view come this close to the last one there. */
const LOAD_AHEAD = 20;

/** One hit: the address as a link to the residence (a hit without one as text) and its status. */
const SearchHit = memo(function SearchHit(props: {
  hit: PropertySearchResult;
  index: number;
  top: number;
  href: string | null;
}) {
  const { hit } = props;
  return (
    <li className={classes.hit} style={{ top: props.top, height: HIT_HEIGHT }} data-index={props.index}>
      <div className={classes.body}>
        {props.href === null ? (
          <span className={classes.location}>{hit.location}</span>
        ) : (
          <a
            className={`${classes.location} ${classes.link}`}
            href={props.href}
            data-residence-id={hit.residenceId}
          >
            {hit.location}
          </a>
        )}
        <span>
          <StatusBadge
            status={displayStatus(hit.assessmentStatus, hit.isCalculated, hit.futureApprovedDate)}
            futureApprovedDate={hit.futureApprovedDate}
          />
        </span>
      </div>
    </li>
  );
});

/**
 * The results page's hits, rendered only while in view, as a department's list is
 * (docs/performance.md, "The big list"): a search may find thousands. `onNearEnd` is called when
 * the rows in view come near the last hit that has arrived, so that the next page is asked for
 * while the user scrolls (docs/product.md 2). `focusIndex` moves focus to that hit once it is
 * there (the first of those a "Vis flere" brought), then `onFocused` is called.
 */
export function SearchHitList(props: {
  hits: readonly PropertySearchResult[];
  onNearEnd?: () => void;
  focusIndex?: number | null;
  onFocused?: () => void;
}) {
  const { hits, onNearEnd, focusIndex = null, onFocused } = props;
  const { ref, virtualizer, scrollMargin } = useWindowRows<HTMLUListElement>({
    count: hits.length,
    itemHeight: HIT_HEIGHT,
    overscan: 6,
  });
  // The residence's back link returns to these results (docs/product.md 2).
  const links = useResidenceLinks(useCurrentPath());
  const items = virtualizer.getVirtualItems();
  const lastInView = items.at(-1)?.index ?? -1;
  const nearEnd = hits.length > 0 && lastInView >= hits.length - 1 - LOAD_AHEAD;
  useEffect(() => {
    if (nearEnd) onNearEnd?.();
  }, [nearEnd, onNearEnd, hits.length]);
  useEffect(() => {
    if (focusIndex === null || focusIndex >= hits.length) return;
    ref.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"] a`)?.focus();
    onFocused?.();
  }, [focusIndex, hits.length, onFocused, ref]);
  return (
    <ul
      ref={ref}
      className={classes.list}
      style={{ height: virtualizer.getTotalSize() }}
      {...links.listProps}
    >
      {items.map((virtual) => {
        const hit = hits[virtual.index]!;
        return (
          // Keyed by position, as a department's list (residence-lists' property-table.tsx).
          <SearchHit
            key={virtual.index}
            hit={hit}
            index={virtual.index}
            top={virtual.start - scrollMargin}
            href={hit.residenceId === INVALID_RESIDENCE_ID ? null : links.href(hit.residenceId)}
          />
        );
      })}
    </ul>
  );
}
