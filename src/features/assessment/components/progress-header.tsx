import { Group, Progress, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { displayedProgress } from '../../../domain/assessment-progress';
import { useTranslation } from '../../../i18n/use-translation';

/** docs/product.md 2: the share of answers filled (any nonzero share shows at least 25 %), a check at 100 %. */
export function ProgressHeader(props: { share: number }) {
  const t = useTranslation();
  const shown = displayedProgress(props.share);
  const complete = props.share >= 1;
  return (
    <div>
      <Group justify="space-between" gap="xs">
        <Text size="sm" id="assessment-progress">
          {complete ? t('assessment.progress.complete') : t('assessment.progress.label', { percent: shown })}
        </Text>
        {complete && <IconCheck size={18} color="var(--mantine-color-green-9)" aria-hidden />}
      </Group>
      <Progress.Root mt={4}>
        <Progress.Section value={shown} aria-labelledby="assessment-progress" />
      </Progress.Root>
    </div>
  );
}
