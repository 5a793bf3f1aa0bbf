import { Alert, Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { UnlockDialog } from '../../../ui/unlock-dialog';
import { useUnlockAssessment } from '../hooks/use-unlock-assessment';

/**
 * A locked form says so (docs/product.md 4: editable only as draft or rejected with write access). A write
 * user reading an approved assessment can unlock it from here (docs/product.md 4 "Unlock"): a confirmation,
 * or the message that the residence already has an assessment in progress.
 */
export function LockedNotice(props: {
  propertyId: string;
  assessmentId: string;
  chapter: string;
  questionId: string;
  canWrite: boolean;
  approved: boolean;
}) {
  const t = useTranslation();
  const unlocking = useUnlockAssessment({ ...props, enabled: props.canWrite && props.approved });
  const [open, setOpen] = useState(false);
  const close = () => {
    if (unlocking.pending) return;
    unlocking.reset();
    setOpen(false);
  };
  return (
    <>
      <Alert color="gray" role="status">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{props.canWrite ? t('assessment.locked') : t('assessment.locked.readOnly')}</Text>
          {unlocking.offered && (
            <Button size="xs" variant="default" onClick={() => setOpen(true)}>
              {t('residence.unlock.button')}
            </Button>
          )}
        </Stack>
      </Alert>
      <UnlockDialog
        opened={open}
        eligible={unlocking.eligible}
        pending={unlocking.pending}
        failed={unlocking.failed}
        onConfirm={unlocking.unlock}
        onClose={close}
      />
    </>
  );
}
