import { memo, useEffect, useRef } from 'react';
import type { PropertySearchResult } from '../../../../shared/contract/dto';
import { INVALID_RESIDENCE_ID } from '../../../../shared/rules/location';
import { displayStatus } from '../../../../shared/rules/statuses';
import { StatusBadge } from '../../../ui/status-badge';
import { useCurrentPath } from '../../../ui/use-current-path';
import { useResidenceLinks } from '../../../ui/use-residence-links';
import { WindowList } from '../../../ui/window-list';
import classes from './search-hit-list.module.css';

/** A hit's fixed height: the address on one line, its status under it, and the gap to the next. */
const HIT_HEIGHT = 84;
/** The next hits are asked for when the rows in view come this close to the last one there. */
const LOAD_AHEAD = 20;

/** One hit: the address as a link to the residence (a hit without one as text) and its status. */
const SearchHit = memo(function SearchHit(props: { hit: PropertySearchResult; href: string | null }) {
  const { hit } = props;
  return (
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
  const listRef = useRef<HTMLUListElement>(null);
  // The residence's back link returns to these results (docs/product.md 2).
  const links = useResidenceLinks(useCurrentPath());
  useEffect(() => {
    if (focusIndex === null || focusIndex >= hits.length) return;
    listRef.current?.querySelector<HTMLElement>(`[data-index="${focusIndex}"] a`)?.focus();
    onFocused?.();
  }, [focusIndex, hits.length, onFocused]);
  return (
    <WindowList
      items={hits}
      rowHeight={HIT_HEIGHT}
      overscan={6}
      onNearEnd={hits.length > 0 ? onNearEnd : undefined}
      nearEndWithin={LOAD_AHEAD}
      listRef={listRef}
      listProps={links.listProps}
      rowAttributes={(_, index) => ({ 'data-index': index })}
      renderRow={(hit) => (
        <SearchHit
          hit={hit}
          href={hit.residenceId === INVALID_RESIDENCE_ID ? null : links.href(hit.residenceId)}
        />
      )}
    />
  );
}
