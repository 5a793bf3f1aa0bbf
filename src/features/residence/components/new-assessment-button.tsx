import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The plus button over a residence's assessments, which opens the overwrite warning
 * (docs/product.md 4 "Overwrite"). While the server cannot be asked (`blockedReason`: offline, or
 * a sign-in first) it stays focusable but does nothing, and says why.
 */
export function NewAssessmentButton(props: { blockedReason: string | null; onOpen: () => void }) {
  const t = useTranslation();
  const reasonId = useId();
  const { blockedReason } = props;
  const ready = blockedReason === null;
  return (
    <Group gap="xs" wrap="nowrap">
      {!ready && (
        <Text id={reasonId} size="sm" c="gray.7">
          {blockedReason}
        </Text>
      )}
      <Tooltip label={t('residence.newAssessment.aria')}>
        <ActionIcon
          size="xl"
          radius="xl"
          aria-label={t('residence.newAssessment.aria')}
          {...(ready ? {} : { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId })}
          onClick={() => {
            if (ready) props.onOpen();
          }}
        >
          <IconPlus aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
