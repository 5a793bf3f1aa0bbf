import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { questionsQueryOptions } from '../../../api/get-questions';
import { ApiError } from '../../../api/http';
import { syncHiddenQuestions } from '../../../api/sync-hidden-questions';
import { useTranslation } from '../../../i18n/use-translation';
import { showToast } from '../../../ui/toasts';

/** An answer the device still refuses to store: the results would not hold it. */
class AnswersNotStored extends Error {}

/**
 * docs/product.md 4 "Finishing": every answer stored on the device and sent, then the hidden
 * questions synced, then the results. An answer the device still refuses stops it.
 */
export function useFinishAssessment(options: {
  propertyId: string;
  assessmentId: string;
  storeUnsaved: () => Promise<boolean>;
  send: () => Promise<void>;
  /** Queues the hidden-questions sync in the outbox, behind the answers (docs/architecture.md 2). */
  queueHiddenQuestionsSync: () => Promise<unknown>;
  onDone: () => void;
}) {
  const { propertyId, assessmentId } = options;
  const t = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: async () => {
      if (!(await options.storeUnsaved())) throw new AnswersNotStored();
      await options.send();
      try {
        await syncHiddenQuestions(assessmentId);
      } catch (error) {
        // Without a connection the sync waits in the outbox behind the answers and goes with
        // them; finishing itself needs the connection (the results are the server's).
        if (error instanceof ApiError && error.isNetworkFailure) await options.queueHiddenQuestionsSync();
        throw error;
      }
      await queryClient.invalidateQueries({ queryKey: questionsQueryOptions(assessmentId).queryKey });
    },
    // The dialog stays busy until the results are on screen (the mutation awaits this).
    onSuccess: () =>
      navigate({ to: '/results/$propertyId/$assessmentId', params: { propertyId, assessmentId } }),
    onError: (error) =>
      showToast({
        kind: 'error',
        message:
          error instanceof AnswersNotStored
            ? t('assessment.finish.notSaved')
            : error instanceof ApiError && error.isNetworkFailure
              ? t('assessment.finish.offline')
              : t('general.error'),
        priority: 2,
      }),
    onSettled: options.onDone,
  });
  return { finish: () => mutation.mutate(), finishing: mutation.isPending };
}
