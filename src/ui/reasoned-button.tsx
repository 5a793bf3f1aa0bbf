import { Button, Stack, Text, Tooltip, type ButtonProps } from '@mantine/core';
import { useId } from 'react';

type ReasonedButtonProps = ButtonProps & {
  label: string;
  disabledReason: string | null;
  onClick: () => void;
};

/**
 * A button that may be unavailable, with the reason shown under it and tied to it
 * (aria-describedby): it stays focusable (aria-disabled) so the reason is heard as well as seen,
 * and seen on a phone too, where a tooltip would need a hover (docs/product.md 5 "Bulk buttons").
 * For the few buttons of the bulk pages; the residence list's action bar, with four buttons that
 * are often all unavailable, keeps its reasons in tooltips (`TooltipReasonedButton`) so the bar
 * does not cover the list.
 */
export function ReasonedButton(props: ReasonedButtonProps) {
  const reasonId = useId();
  const { label, disabledReason, onClick, ...buttonProps } = props;
  const button = (
    <Button
      {...buttonProps}
      {...(disabledReason
        ? { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId }
        : {})}
      onClick={(e) => {
        if (disabledReason) e.preventDefault();
        else onClick();
      }}
    >
      {label}
    </Button>
  );
  if (!disabledReason) return button;
  return (
    <Stack gap={4} align="flex-end">
      {button}
      <Text id={reasonId} size="sm" c="gray.7">
        {disabledReason}
      </Text>
    </Stack>
  );
}

/**
 * The same button with its reason in a tooltip (on hover, focus and touch): the residence list's
 * action bar and the take-along buttons, where reasons under the buttons would cover the list.
 */
export function TooltipReasonedButton(props: ReasonedButtonProps) {
  const { label, disabledReason, onClick, ...buttonProps } = props;
  if (disabledReason === null)
    return (
      <Button {...buttonProps} onClick={onClick}>
        {label}
      </Button>
    );
  return (
    <Tooltip label={disabledReason} events={{ hover: true, focus: true, touch: true }}>
      <Button {...buttonProps} data-disabled aria-disabled="true" onClick={(e) => e.preventDefault()}>
        {label}
      </Button>
    </Tooltip>
  );
}
