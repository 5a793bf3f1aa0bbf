import { Button, Group } from '@mantine/core';
import { IconCopy, IconLockOpen } from '@tabler/icons-react';
import type { AssessmentListEntry } from '../../../../shared/contract/dto';
import type { DisplayStatus } from '../../../../shared/rules/statuses';
import { useTranslation } from '../../../i18n/use-translation';
import { AssessmentEntryLink } from '../../../ui/assessment-entry-link';
import { formatShortDate } from '../../../ui/format';
import { ReasonedButton } from '../../../ui/reasoned-button';
import { useStatusLabel } from '../../../ui/use-status-label';

/**
 * The card's buttons: the way into the assessment, named by its date and status so that the
 * cards' links read apart, then unlock and copy where the card offers them.
 */
export function AssessmentCardActions(props: {
  assessment: AssessmentListEntry;
  status: DisplayStatus;
  canWrite: boolean;
  /** The content's own words for the way in (automaticApproval.buttonLabel on a complete draft). */
  entryLabel?: string;
  onUnlock?: () => void;
  unlockDisabledReason?: string | null;
  onCopy?: () => void;
}) {
  const t = useTranslation();
  const a = props.assessment;
  const statusLabel = useStatusLabel(props.status, a.futureApprovedDate);
  const date = formatShortDate(a.createdAt);
  return (
    <Group gap="sm">
      <AssessmentEntryLink
        propertyId={a.propertyId}
        assessmentId={a.assessmentId}
        status={props.status}
        canWrite={props.canWrite}
        label={props.entryLabel}
        accessibleName={(action) =>
          t('residence.assessmentCard.actionLabel', { action, date, status: statusLabel })
        }
      />
      {props.onUnlock && (
        <ReasonedButton
          variant="default"
          leftSection={<IconLockOpen size={16} aria-hidden />}
          label={t('residence.unlock.button')}
          disabledReason={props.unlockDisabledReason ?? null}
          onClick={props.onUnlock}
        />
      )}
      {props.onCopy && (
        <Button
          variant="default"
          leftSection={<IconCopy size={16} aria-hidden />}
          aria-label={t('copy.fromCard.label', { date })}
          onClick={props.onCopy}
        >
          {t('propertiesList.action.copy')}
        </Button>
      )}
    </Group>
  );
}
