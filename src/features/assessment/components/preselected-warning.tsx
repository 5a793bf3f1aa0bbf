import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../i18n/use-translation';

/** docs/product.md 4: a copied answer not yet confirmed in this visit asks for a confirming action first. */
export function PreselectedWarning(props: { onConfirm: () => void }) {
  const t = useTranslation();
  return (
    <Alert color="yellow" role="status">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t('assessment.preselected.warning')}</Text>
        <Button size="xs" onClick={props.onConfirm}>
          {t('assessment.preselected.confirm')}
        </Button>
      </Stack>
    </Alert>
  );
}
