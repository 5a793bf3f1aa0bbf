import { ActionIcon, Group, Text, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The plus button over a residence's assessments, which opens the overwrite warning
 * (docs/product.md 4 "Overwrite"). Offline it stays focusable but does nothing, and says why.
 */
export function NewAssessmentButton(props: { online: boolean; onOpen: () => void }) {
  const t = useTranslation();
  const reasonId = useId();
  const { online } = props;
  return (
    <Group gap="xs" wrap="nowrap">
      {!online && (
        <Text id={reasonId} size="sm" c="gray.7">
          {t('residence.overwrite.offline')}
        </Text>
      )}
      <Tooltip label={t('residence.newAssessment.aria')}>
        <ActionIcon
          size="xl"
          radius="xl"
          aria-label={t('residence.newAssessment.aria')}
          {...(online ? {} : { 'data-disabled': true, 'aria-disabled': true, 'aria-describedby': reasonId })}
          onClick={() => {
            if (online) props.onOpen();
          }}
        >
          <IconPlus aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
