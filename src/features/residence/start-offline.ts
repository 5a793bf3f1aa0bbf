import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AssessmentDetails, AssessmentListEntry, PropertyDetail } from '../../../shared/contract/dto';
import { assessmentQueryOptions } from '../../api/get-assessment';
import { locatedAssessmentsQueryOptions, residenceAssessmentRefs } from '../../api/get-located-assessments';
import { propertyQueryOptions } from '../../api/get-property';
import { questionsKeys, questionsQueryOptions } from '../../api/get-questions';
import type { Question } from '../../../shared/rules/answer-validation';
import { blankQuestionList } from '../../domain/blank-question-list';
import { handicapsForEvaluation } from '../../../shared/rules/screening';
import { NO_DATE } from '../../../shared/rules/statuses';
import { updateOfflineRegistry } from '../../offline/client-state';
import type { DeviceOutbox } from '../../offline/device-outbox';
import { cachedQuery, keepWithoutTimeLimit } from '../../offline/kept-queries';

/**
 * Starting screening without a connection (docs/architecture.md 4 "Offline start"):
 * the app chooses the assessment's id, queues its create in the outbox ahead of its answers,
 * and puts into the query cache what the form and the residence screen read, as the server
 * would answer for a fresh draft. The cache is persisted, so the assessment survives reloads
 * until the create has reached the server and the real answers replace these.
 */

/** Why an offline start cannot go ahead. */
export class OfflineStartError extends Error {
  constructor(readonly reason: 'noQuestions') {
    super(reason);
    this.name = 'OfflineStartError';
  }
}

/** Any assessment's question list on the device: every assessment lists the same catalogue. */
export function cachedQuestionList(queryClient: QueryClient): Question[] | undefined {
  return queryClient
    .getQueriesData<Question[]>({ queryKey: questionsKeys.all })
    .map(([, data]) => data)
    .find((data): data is Question[] => Array.isArray(data) && data.length > 0);
}

export interface OfflineStart {
  /** Where the create is queued: the device's outbox. */
  outbox: Pick<DeviceOutbox, 'enqueueCreate'>;
  queryClient: QueryClient;
  property: PropertyDetail;
  /** The id the client chose; the same one an online attempt may already have sent. */
  assessmentId: string;
  ssoUuid: string;
  now?: Date;
}

/**
 * Queues the create and seeds the cache. Refuses (OfflineStartError) when no question list is
 * on the device: the form could not show a question. The create is queued before the cache is
 * seeded: an assessment the outbox does not hold must never look started.
 */
export async function startAssessmentOffline(start: OfflineStart): Promise<void> {
  const { outbox, queryClient, property, assessmentId } = start;
  const catalogue = cachedQuestionList(queryClient);
  if (!catalogue) throw new OfflineStartError('noQuestions');
  const questions = blankQuestionList(catalogue);
  const now = start.now ?? new Date();

  await outbox.enqueueCreate({
    assessmentId,
    propertyId: property.id,
    ssoUuid: start.ssoUuid,
    locationText: property.beliggenhed,
  });

  const converted = property.isConverted;
  // getassessment of a fresh draft (server/src/domain/create-assessment.ts): nothing answered,
  // nothing excluded; a converted residence skips screening, which then counts as complete.
  const details: AssessmentDetails = {
    assessmentId,
    propertyId: property.id,
    assessmentStatus: 'draft',
    isCalculated: false,
    converted,
    screeningCompleted: converted,
    excludedHandicaps: [],
    handicapsForEvaluation: handicapsForEvaluation([]),
    validFrom: null,
    lastAnsweredQuestionUniqueId: null,
  };
  seed(queryClient, assessmentQueryOptions(assessmentId, property.id).queryKey, details);
  seed(queryClient, questionsQueryOptions(assessmentId).queryKey, questions);

  // The residence's assessments (getproperty's vurderinger) and its card (getlocatedassessments),
  // so the residence screen and "save and close" show the new draft offline.
  const withNew: PropertyDetail = {
    ...property,
    vurderinger: [
      ...property.vurderinger,
      { vurderingId: assessmentId, boligId: property.id, vurderingsStatus: 'draft', konverteret: converted },
    ],
  };
  seed(queryClient, propertyQueryOptions(property.id).queryKey, withNew);
  const card: AssessmentListEntry = {
    assessmentId,
    propertyId: property.id,
    departmentId: property.departmentId,
    assessmentStatus: 'draft',
    isCalculated: false,
    converted,
    location: property.beliggenhed,
    validFrom: null,
    futureApprovedDate: NO_DATE,
    createdAt: now.toISOString(),
    progress: 0,
  };
  const refs = residenceAssessmentRefs(withNew);
  const located = queryClient.getQueryData(
    locatedAssessmentsQueryOptions(residenceAssessmentRefs(property)).queryKey,
  );
  seed(queryClient, locatedAssessmentsQueryOptions(refs).queryKey, [...(located ?? []), card]);
  keepWithResidence(property.id, assessmentId);
}

/**
 * A residence taken along keeps its assessments' queries for days (docs/architecture.md "Taken
 * along offline"); the new one joins them, so a reload later in the day still restores its
 * form. A residence not taken along keeps it as long as anything else of it.
 */
function keepWithResidence(propertyId: string, assessmentId: string): void {
  updateOfflineRegistry((current) => {
    const residence = current.residences[propertyId];
    if (!residence || residence.assessmentIds.includes(assessmentId)) return current;
    return {
      ...current,
      residences: {
        ...current.residences,
        [propertyId]: { ...residence, assessmentIds: [...residence.assessmentIds, assessmentId] },
      },
    };
  });
}

/**
 * Puts a value into the cache that only this device has (no server could give it back), and keeps
 * it there past the 15 minutes an unused query lives (docs/architecture.md 2 "Reads"): the
 * assessor may leave the form and come back to it later in the day.
 */
function seed(queryClient: QueryClient, queryKey: QueryKey, data: unknown): void {
  queryClient.setQueryData(queryKey, data);
  const query = cachedQuery(queryClient, queryKey);
  if (query) keepWithoutTimeLimit(query);
}
