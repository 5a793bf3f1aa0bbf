import type { ApprovalCandidate } from '../../../domain/bulk-approval';
import { useTranslation } from '../../../i18n/use-translation';
import { WindowList } from '../../../ui/window-list';
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
  return (
    <WindowList
      items={props.properties}
      rowHeight={ROW_HEIGHT}
      overscan={8}
      listProps={{ 'aria-label': t('bulkApprove.list.label') }}
      renderRow={(property) => (
        <div className={classes.body}>
          <span className={classes.location}>{property.location}</span>
        </div>
      )}
    />
  );
}
