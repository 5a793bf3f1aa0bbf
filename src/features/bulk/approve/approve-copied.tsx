import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { pluralKey } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { PageHeader } from '../../../ui/page-header';
import { useBulkMode } from '../hooks/use-bulk-mode';
import { ApprovalCandidates } from './approval-candidates';
import { BulkApprovalProgress } from './approval-progress';
import { ApproveChoice } from './approve-choice';
import { approveCopiedRequest } from './load-approved';
import type { SendWaitingAnswers } from '../../../hub/start-approval';
import { useBulkApproval } from './use-bulk-approval';

/**
 * /approvecopied (docs/product.md 2 and 4): after a copy from an assessment with every answer
 * (ready, calculated or approved) its copies need no more answers and are approved here, now or
 * from a later day; when done the user goes to /approvecopied/confirmation (mode copyComplete).
 */
export function ApproveCopied(props: { sendWaitingAnswers?: SendWaitingAnswers }) {
  const t = useTranslation();
  const { state } = useBulkMode();
  const request = approveCopiedRequest(state);
  const approval = useBulkApproval(request, props.sendWaitingAnswers);
  const sourcePropertyId = state.source?.propertyId;
  return (
    <>
      <PageHeader
        title={t('approveCopied.title')}
        description={request ? t('approveCopied.description') : undefined}
      />
      {request && sourcePropertyId ? (
        <Stack gap="md">
          <Text role="status">
            {t(pluralKey('bulkApprove.count', request.properties.length), {
              count: request.properties.length,
            })}
          </Text>
          <ApprovalCandidates properties={request.properties} />
          <ApproveChoice
            approval={approval}
            futureLink={(rootProps) => (
              <Link
                {...rootProps}
                to="/approvecopied/confirm/datepicker/$propertyId"
                params={{ propertyId: sourcePropertyId }}
                state={{ origin: '/approvecopied' }}
              />
            )}
          />
          <BulkApprovalProgress approval={approval} count={request.properties.length} />
        </Stack>
      ) : (
        <Stack gap="md" align="flex-start">
          <Text role="status">{t('approveCopied.empty')}</Text>
          <Anchor renderRoot={(rootProps) => <Link {...rootProps} to="/copied" />}>
            {t('approveCopied.toCopied')}
          </Anchor>
        </Stack>
      )}
    </>
  );
}
