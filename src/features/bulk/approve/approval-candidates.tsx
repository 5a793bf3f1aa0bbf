import type { ApprovalCandidate } from '../../../domain/bulk-approval';
import { useTranslation } from '../../../i18n/use-translation';
import { useWindowRows } from '../../../ui/use-window-rows';
import classes from '../results/job-results.module.css';

/** A line's fixed height: the address, and the gap to the next. */
const ROW_HEIGHT = 52;

/**
 * The residences an approval is about, one line each (docs/product.md 2 /approve), rendered only
 * while in view (docs/performance.md, "The big list"): "Godkend" after a copy to a whole
 * department hands over thousands.
 */
export function ApprovalCandidates(props: { properties: readonly ApprovalCandidate[] }) {
  const t = useTranslation();
  const { ref, virtualizer, scrollMargin } = useWindowRows<HTMLUListElement>({
    count: props.properties.length,
    itemHeight: ROW_HEIGHT,
    overscan: 8,
  });
  return (
    <ul
      ref={ref}
      className={classes.list}
      aria-label={t('bulkApprove.list.label')}
      style={{ height: virtualizer.getTotalSize() }}
    >
      {virtualizer.getVirtualItems().map((row) => {
        const property = props.properties[row.index]!;
        return (
          <li
            key={row.index}
            className={classes.row}
            style={{ top: row.start - scrollMargin, height: ROW_HEIGHT }}
          >
            <div className={classes.body}>
              <span className={classes.location}>{property.location}</span>
            </div>
          </li>
        );
      })}
    </ul>
  );
}
