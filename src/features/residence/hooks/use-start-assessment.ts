import { connectivity } from '../../../api/connectivity';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { abandonAssessments } from '../../../api/abandon-assessments';
import { createAssessment } from '../../../api/create-assessment';
import { assessmentQueryOptions } from '../../../api/get-assessment';
import { propertyQueryOptions } from '../../../api/get-property';
import { questionsQueryOptions } from '../../../api/get-questions';
import { ApiError } from '../../../api/http';
import { refreshAfterAssessmentChange } from '../../../api/refresh-after-change';
import type { ChapterKind } from '../../../../shared/rules/catalogue';
import { unlockQuestion } from '../../../domain/question-navigation';
import { deviceOutbox } from '../../../offline/device-outbox';
import { newIdempotencyKey } from '../../../lib/idempotency-key';
import { startAssessmentOffline } from '../start-offline';

/** How a new assessment comes about on the residence screen (docs/product.md 2 and 4). */
type StartAssessment =
  /** Start screening of a residence without assessments. */
  | { kind: 'new' }
  /** Overwrite: abandon these (every one that is not approved), then start afresh. */
  | { kind: 'overwrite'; abandon: readonly string[] }
  /** Unlock: a new draft as a copy of this approved assessment. */
  | { kind: 'unlock'; approvedId: string };

/** The question the new assessment opens at. */
type Landing = { chapter: ChapterKind; questionId: string };

/** docs/product.md 2: a new assessment opens at screening question 001. */
const SCREENING_START: Landing = { chapter: 'screening', questionId: '001' };

/**
 * docs/product.md 4 "Unlock": the user goes to the same question in the copy, which from the
 * residence is the one the approved assessment was last answered at (else its first question).
 * Always a question of the form: the copy is a draft, and the resume route would send a
 * calculated one to its results instead.
 */
async function unlockLanding(queryClient: QueryClient, propertyId: string, approvedId: string) {
  const [approved, questions] = await Promise.all([
    queryClient.ensureQueryData(assessmentQueryOptions(approvedId, propertyId)),
    queryClient.ensureQueryData(questionsQueryOptions(approvedId)),
  ]);
  const question = unlockQuestion(questions, {
    converted: approved.converted,
    lastAnsweredQuestionUniqueId: approved.lastAnsweredQuestionUniqueId,
  });
  return question ? { chapter: question.chapterKind, questionId: question.id } : SCREENING_START;
}

const isOffline = () => !connectivity.isOnline();

/**
 * Start screening (docs/architecture.md 4 "Offline start"). The client chooses the id,
 * so the create is idempotent: online it is sent at once, and a lost reply repeated from the
 * outbox makes no second assessment. Offline, or when the request fails for want of a network,
 * the create is queued with that same id and the form opens on the cached catalogue. A create
 * of this residence still queued on the device is opened again instead of starting another.
 */
async function startNew(
  queryClient: QueryClient,
  propertyId: string,
  ssoUuid: string,
): Promise<{ assessmentId: string; queued: boolean }> {
  const queued = await deviceOutbox.queuedCreateOf(propertyId, ssoUuid).catch(() => undefined);
  if (queued) return { assessmentId: queued.assessmentId, queued: true };
  const assessmentId = newIdempotencyKey();
  if (!isOffline()) {
    try {
      return { assessmentId: await createAssessment({ propertyId, assessmentId }), queued: false };
    } catch (error) {
      if (!(error instanceof ApiError && error.isNetworkFailure)) throw error;
    }
  }
  const property = await queryClient.ensureQueryData(propertyQueryOptions(propertyId));
  await startAssessmentOffline({ outbox: deviceOutbox, queryClient, property, assessmentId, ssoUuid });
  return { assessmentId, queued: true };
}

/**
 * docs/product.md 4: start screening, overwrite or unlock, then open the new assessment. The approved
 * assessment's question is read before anything changes, so a failed read leaves no copy behind.
 * The caches of docs/product.md 7 are refreshed once the new assessment is open (or after a failure): done
 * before, the residence screen would re-render with the new assessment on its way out.
 */
export function useStartAssessment(propertyId: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ssoUuid = useRouteContext({ from: '/_signedIn', select: (c) => c.session.ssoUuid });
  return useMutation({
    mutationFn: async (start: StartAssessment) => {
      if (start.kind === 'new') {
        return { ...(await startNew(queryClient, propertyId, ssoUuid)), landing: SCREENING_START };
      }
      const landing =
        start.kind === 'unlock'
          ? await unlockLanding(queryClient, propertyId, start.approvedId)
          : SCREENING_START;
      // All or nothing: a failure part-way must not leave some of them cancelled.
      if (start.kind === 'overwrite') {
        await abandonAssessments(start.abandon.map((assessmentId) => ({ assessmentId, propertyId })));
      }
      const assessmentId = await createAssessment({
        propertyId,
        sourceAssessmentIdToCopyFrom: start.kind === 'unlock' ? start.approvedId : undefined,
      });
      return { assessmentId, landing, queued: false };
    },
    onSuccess: ({ assessmentId, landing }) =>
      navigate({
        to: '/assessment/$propertyId/$assessmentId/$chapter/$questionId',
        params: { propertyId, assessmentId, ...landing },
      }),
    // A queued create is not on the server yet: refetching now would replace the seeded cache
    // (the new draft) with the server's word. The outbox refreshes once the create is sent.
    onSettled: (data) => (data?.queued ? undefined : refreshAfterAssessmentChange(queryClient)),
  });
}
