import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ApprovalRequest } from '../../../domain/bulk-approval';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { ApprovalCandidates } from './approval-candidates';
import { BulkApprovalProgress } from './approval-progress';
import { approvalState } from './approval-request';
import { useBulkApproval } from './use-bulk-approval';

/**
 * /approve (docs/product.md 2): the residences chosen for approval, handed over in the navigation
 * state (or kept for the session), and the way on to the confirmation. With nothing chosen it
 * says so and links home.
 */
export function ApproveList(props: { request: ApprovalRequest | null }) {
  const t = useTranslation();
  const { request } = props;
  // An approval whose job still runs (the user came back here from its dialog) goes on here.
  const approval = useBulkApproval(request);
  return (
    <>
      <PageHeader
        title={t('bulkApprove.title')}
        description={request ? t('bulkApprove.description') : undefined}
      />
      {request ? (
        <Stack gap="md">
          <Text role="status">
            {t(pluralKey('bulkApprove.count', request.properties.length), {
              count: request.properties.length,
            })}
          </Text>
          <ApprovalCandidates properties={request.properties} />
          <Group>
            <Button
              renderRoot={(rootProps) => (
                <Link {...rootProps} to="/approve/confirm" state={approvalState(request, '/approve')} />
              )}
            >
              {t('bulkApprove.next')}
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text role="status">{t('bulkApprove.empty')}</Text>
          <Anchor renderRoot={(rootProps) => <Link {...rootProps} to="/" />}>{t('general.home')}</Anchor>
        </Stack>
      )}
      <BulkApprovalProgress approval={approval} count={request?.properties.length ?? 1} />
    </>
  );
}
