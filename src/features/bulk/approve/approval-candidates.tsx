import { Text } from '@mantine/core';
import type { ApprovalCandidate } from '../../../domain/bulk-approval';
import { useTranslation } from '../../../i18n/use-translation';
import { CardList, CardListItem } from '../../../ui/card-list';

/** The residences an approval is about, one line each (docs/product.md 2 /approve). */
export function ApprovalCandidates(props: { properties: readonly ApprovalCandidate[] }) {
  const t = useTranslation();
  return (
    <CardList aria-label={t('bulkApprove.list.label')}>
      {props.properties.map((property) => (
        <CardListItem key={property.assessmentId}>
          <Text fw={600}>{property.location}</Text>
        </CardListItem>
      ))}
    </CardList>
  );
}
