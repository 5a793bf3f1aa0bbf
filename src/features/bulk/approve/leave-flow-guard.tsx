import { Button, Group, Modal, Text } from '@mantine/core';
import { useBlocker, useNavigate } from '@tanstack/react-router';
import { useRef } from 'react';
import { isFinishedFlow } from '../../../domain/bulk-mode';
import { useTranslation } from '../../../i18n/use-translation';
import { bulkStore } from '../../../offline/bulk-state';
import { forgetApprovalRequest } from './approval-request';

/** Ends the bulk flow (docs/product.md 4 "Finish"): back to idle, nothing left to approve. */
export function finishBulkFlow(): void {
  bulkStore.dispatch({ type: 'finish' });
  forgetApprovalRequest();
}

/**
 * docs/product.md 4: leaving a finished flow shows a guard dialog offering Finish (the flow ends
 * and the user goes home) or Back (the user stays on the page). Render it on the page of a
 * finished flow (/approved, /approvecopied/confirmation, /copied). Any navigation away asks
 * first (links, the header's back link, the browser's back button), except to the paths `allow`
 * lets through (pages inside the flow). Whether the flow is finished is read when the user
 * leaves (`when`, by default the bulk flow's `isFinishedFlow`), so a page's own Finish button
 * (which ends the flow first) goes through without asking. A reload is not a leaving: the flow
 * survives it (docs/product.md 3).
 */
export function LeaveFlowGuard(props: {
  /** Asked when the user leaves: does leaving need the dialog? Default: the bulk flow has finished. */
  when?: () => boolean;
  /** Destinations (pathnames) inside the flow, reached without asking. */
  allow?: (pathname: string) => boolean;
  /** What Finish does before going home. Default: `finishBulkFlow`. */
  onFinish?: () => void;
}) {
  const t = useTranslation();
  const navigate = useNavigate();
  const finishing = useRef(false);
  const { when = () => isFinishedFlow(bulkStore.getSnapshot()), allow, onFinish = finishBulkFlow } = props;
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) =>
      !finishing.current && current.pathname !== next.pathname && !allow?.(next.pathname) && when(),
    enableBeforeUnload: false,
    withResolver: true,
  });
  const blocked = blocker.status === 'blocked';

  const finish = () => {
    finishing.current = true;
    onFinish();
    blocker.reset?.();
    void navigate({ to: '/' }).finally(() => {
      finishing.current = false;
    });
  };

  return (
    <Modal
      opened={blocked}
      onClose={() => blocker.reset?.()}
      title={t('leaveFlow.title')}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Text mb="lg">{t('leaveFlow.body')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={() => blocker.reset?.()}>
          {t('leaveFlow.back')}
        </Button>
        <Button onClick={finish}>{t('leaveFlow.finish')}</Button>
      </Group>
    </Modal>
  );
}
