import { Button, Group, Modal, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { GuidanceTipState } from '../hooks/use-guidance-tip';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './guidance.module.css';

type ShownTip = NonNullable<GuidanceTipState['current']>;

/**
 * The guidance tip dialog (docs/product.md 2 and 4): the tip's title and text, "Tip x af 4",
 * previous and next through all four tips in their order, and close (also Escape). A change of
 * tip is announced, since focus stays on the button that changed it. Focus after closing is the
 * caller's (`onClose`): Mantine would give it back to whatever had it when the dialog opened,
 * which for a tip that opened by itself is nothing, or whatever the page had just focused.
 */
export function GuidanceDialog(props: {
  current: GuidanceTipState['current'];
  onClose: () => void;
  onPrevious: (() => void) | undefined;
  onNext: (() => void) | undefined;
}) {
  const t = useTranslation();
  // The last tip stays on screen while the dialog fades out.
  const [last, setLast] = useState<ShownTip | null>(props.current);
  if (props.current && (props.current.id !== last?.id || props.current.text !== last.text)) {
    setLast(props.current);
  }
  const tip = props.current ?? last;

  return (
    <Modal
      opened={props.current !== null}
      onClose={props.onClose}
      returnFocus={false}
      title={tip?.text.title}
      closeButtonProps={{ 'aria-label': t('guidance.close') }}
      centered
    >
      {tip && (
        <Stack gap="md">
          <Text size="sm" c="dimmed" className={classes.counter} aria-live="polite" aria-atomic>
            {t('guidance.counter', { current: tip.index + 1, total: tip.total })}
            <VisuallyHidden>: {tip.text.title}</VisuallyHidden>
          </Text>
          <Text lang="da" className={classes.body}>
            {tip.text.body}
          </Text>
          <Group justify="space-between" gap="sm">
            <Button
              variant="default"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              {...atEnd(props.onPrevious)}
            >
              {t('guidance.previous')}
            </Button>
            <Button rightSection={<IconArrowRight size={16} aria-hidden />} {...atEnd(props.onNext)}>
              {t('guidance.next')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/**
 * At the first or last tip the button looks and reads disabled but keeps focus: a disabled
 * button would drop a keyboard user's focus out of the dialog's flow.
 */
function atEnd(step: (() => void) | undefined) {
  return step
    ? { onClick: step }
    : {
        'data-disabled': true,
        'aria-disabled': true,
        onClick: (e: { preventDefault(): void }) => e.preventDefault(),
      };
}
