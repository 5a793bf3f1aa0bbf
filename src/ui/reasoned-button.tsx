import { Button, Stack, Text, type ButtonProps } from '@mantine/core';
import { useId } from 'react';

/**
 * A button that may be unavailable, with the reason shown under it and tied to it
 * (aria-describedby): it stays focusable (aria-disabled) so the reason is heard as well as seen,
 * and seen on a phone too, where a tooltip would need a hover (docs/product.md 5 "Bulk buttons").
 * For the few buttons of the bulk pages; the residence list's action bar, with four buttons that
 * are often all unavailable, keeps its reasons in tooltips so the bar does not cover the list.
 */
export function ReasonedButton(
  props: ButtonProps & { label: string; disabledReason: string | null; onClick: () => void },
) {
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
