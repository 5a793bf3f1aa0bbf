import { Button, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { memo } from 'react';
import type { JobItem, JobKind } from '../../../../shared/contract/dto';
import { futureDayOf } from '../../../domain/bulk-approval';
import { displayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { formatShortDate } from '../../../ui/format';
import { StatusBadge } from '../../../ui/status-badge';
import { WindowList } from '../../../ui/window-list';
import classes from './job-results.module.css';

/** A row's fixed height: the address, its status and its note on two lines, and the gap. */
const ROW_HEIGHT = 76;
/** The next page is asked for when the rows in view come this close to the last one read. */
const LOAD_AHEAD = 40;

/** What a copy's row adds: whether the user has been through it and whether it may be approved. */
export interface CopyRowState {
  saved: boolean;
  eligible: boolean;
}

/** The note under an item's address: why it was not done, or what the copy still needs. */
function ItemNote(props: { item: JobItem; kind: JobKind; copy: CopyRowState | undefined }) {
  const t = useTranslation();
  const { item, kind, copy } = props;
  if (item.outcome === 'failed') return <span className={classes.failed}>{item.message}</span>;
  if (item.outcome === 'cancelled') return <span>{t(`jobResults.outcome.cancelled.${kind}`)}</span>;
  if (item.outcome === 'pending') return <span>{t('jobResults.outcome.pending')}</span>;
  // A fake job (flag-fake_copy) changes nothing; a copy or approval since abandoned is gone.
  if (item.outcome === 'skipped') return <span>{t('jobResults.outcome.skipped')}</span>;
  if (!item.assessment) return <span>{t(`jobResults.outcome.gone.${kind}`)}</span>;
  if (kind === 'finish') {
    const futureDay = item.validFrom ? futureDayOf(item.validFrom) : null;
    return futureDay ? <span>{t('approved.validFrom', { date: formatShortDate(futureDay) })}</span> : null;
  }
  if (!copy) return null;
  return (
    <span>
      {copy.saved ? t('copied.saved') : t('copied.notSaved')} ·{' '}
      {copy.eligible ? t('copied.eligible') : t('copied.notEligible')}
    </span>
  );
}

const JobResultRow = memo(function JobResultRow(props: {
  item: JobItem;
  kind: JobKind;
  copy: CopyRowState | undefined;
  selected: boolean;
  onToggle: ((assessmentId: string) => void) | undefined;
}) {
  const t = useTranslation();
  const { item, kind, onToggle } = props;
  const assessment = item.assessment;
  const location = item.location || assessment?.location || item.propertyId;
  // docs/product.md 2: a copy opens at screening question 001.
  const opensCopy = kind === 'copy' && assessment !== null;
  return (
    <div className={classes.body}>
      {onToggle && assessment && (
        <input
          type="checkbox"
          className={classes.check}
          aria-label={t('propertiesList.selectRow', { location })}
          checked={props.selected}
          onChange={() => onToggle(assessment.assessmentId)}
        />
      )}
      <div className={classes.text}>
        {opensCopy ? (
          <Link
            className={`${classes.location} ${classes.link}`}
            aria-label={t('copied.open', { location })}
            to="/assessment/$propertyId/$assessmentId/$chapter/$questionId"
            params={{
              propertyId: item.propertyId,
              assessmentId: assessment.assessmentId,
              chapter: 'screening',
              questionId: '001',
            }}
          >
            {location}
          </Link>
        ) : (
          <span className={classes.location}>{location}</span>
        )}
        <span className={classes.details}>
          {assessment && (
            <StatusBadge
              status={displayStatus(
                assessment.assessmentStatus,
                assessment.isCalculated,
                assessment.futureApprovedDate,
              )}
              futureApprovedDate={assessment.futureApprovedDate}
            />
          )}
          <ItemNote item={item} kind={kind} copy={props.copy} />
        </span>
      </div>
    </div>
  );
});

/**
 * A job's items on its result page (docs/product.md 4 "Bulk mode"), rendered only while in view as
 * the big lists are (docs/performance.md, "The big list"): a copy or an approval may have
 * thousands. `onNearEnd` asks for the next page as the rows in view near the last one read.
 * Copies may carry a checkbox (`onToggle`) and their saved and approvable state (`copyOf`).
 */
export function JobResultList(props: {
  label: string;
  kind: JobKind;
  items: readonly JobItem[];
  total: number;
  onNearEnd: () => void;
  /** The next page could not be read: the list says so and offers to try again. */
  loadFailed: boolean;
  onRetry: () => void;
  copyOf?: (assessmentId: string) => CopyRowState | undefined;
  selected?: ReadonlySet<string>;
  onToggle?: (assessmentId: string) => void;
}) {
  const { items, onNearEnd } = props;
  return (
    <>
      <WindowList
        items={items}
        rowHeight={ROW_HEIGHT}
        overscan={6}
        onNearEnd={items.length < props.total ? onNearEnd : undefined}
        nearEndWithin={LOAD_AHEAD}
        listProps={{ 'aria-label': props.label }}
        rowAttributes={(item) => ({ 'data-position': item.position, 'data-outcome': item.outcome })}
        renderRow={(item) => {
          const assessmentId = item.assessment?.assessmentId;
          return (
            <JobResultRow
              item={item}
              kind={props.kind}
              copy={assessmentId ? props.copyOf?.(assessmentId) : undefined}
              selected={assessmentId ? (props.selected?.has(assessmentId) ?? false) : false}
              onToggle={props.onToggle}
            />
          );
        }}
      />
      {props.loadFailed && <LoadFailed onRetry={props.onRetry} />}
    </>
  );
}

function LoadFailed(props: { onRetry: () => void }) {
  const t = useTranslation();
  return (
    <Group gap="sm" mt="sm" role="alert">
      <Text size="sm">{t('jobResults.loadFailed')}</Text>
      <Button size="compact-sm" variant="default" onClick={props.onRetry}>
        {t('general.retry')}
      </Button>
    </Group>
  );
}
