import { Paper, Stack, Text } from '@mantine/core';
import type { ApprovalCandidate } from '../../../domain/bulk-approval';
import { useTranslation } from '../../../i18n/use-translation';
import classes from './approve.module.css';

/** The residences an approval is about, one line each (docs/product.md 2 /approve). */
export function ApprovalCandidates(props: { properties: readonly ApprovalCandidate[] }) {
  const t = useTranslation();
  return (
    <Stack
      component="ul"
      gap={6}
      p={0}
      m={0}
      className={classes.plainList}
      aria-label={t('bulkApprove.list.label')}
    >
      {props.properties.map((property) => (
        <Paper component="li" key={property.assessmentId} withBorder radius="md" px="sm" py="xs">
          <Text fw={600}>{property.location}</Text>
        </Paper>
      ))}
    </Stack>
  );
}
