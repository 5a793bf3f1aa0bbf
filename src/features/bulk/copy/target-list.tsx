import { ActionIcon, Text } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import type { BulkTarget } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { StatusBadge } from '../../../ui/status-badge';
import { WindowList } from '../../../ui/window-list';
import classes from '../results/job-results.module.css';

/** A line's fixed height: the address with its status and the remove button, and the gap. */
const ROW_HEIGHT = 52;

/**
 * The residences chosen to receive the copy, each with its status and a way to remove it,
 * rendered only while in view (docs/performance.md, "The big list"): "Vælg alle" in a big
 * department chooses thousands, and the page renders again with every progress message of the
 * copy job.
 */
export function TargetList(props: {
  targets: readonly BulkTarget[];
  onRemove: (propertyId: string) => void;
  /** While the job runs nothing can be removed. */
  disabled?: boolean;
  /** The remove button's name: the summary's or the bulk-copy screen's text. */
  removeLabel?: 'copy.summary.remove' | 'bulkCopy.remove';
}) {
  const t = useTranslation();
  if (props.targets.length === 0) return <Text role="status">{t('copy.summary.empty')}</Text>;
  return (
    <WindowList
      items={props.targets}
      rowHeight={ROW_HEIGHT}
      overscan={8}
      renderRow={(target) => (
        <div className={classes.body}>
          <div className={classes.line}>
            <span className={classes.location}>{target.location}</span>
            <StatusBadge status={target.status} futureApprovedDate={target.futureApprovedDate} />
          </div>
          {!props.disabled && (
            <ActionIcon
              variant="subtle"
              color="gray.8"
              aria-label={t(props.removeLabel ?? 'copy.summary.remove', { location: target.location })}
              onClick={() => props.onRemove(target.propertyId)}
            >
              <IconX size={18} aria-hidden />
            </ActionIcon>
          )}
        </div>
      )}
    />
  );
}
