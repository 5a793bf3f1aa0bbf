import { Container } from '@mantine/core';
import { createFileRoute, type ErrorComponentProps } from '@tanstack/react-router';
import { RouteError } from '../../../../app/route-states';
import { useTranslation } from '../../../../i18n/use-translation';
import { assessmentQueryOptions } from '../../../../api/get-assessment';
import {
  locatedAssessmentsQueryOptions,
  residenceAssessmentRefs,
} from '../../../../api/get-located-assessments';
import { propertyQueryOptions } from '../../../../api/get-property';
import { questionsQueryOptions } from '../../../../api/get-questions';
import { AssessmentScreen } from '../../../../features/assessment/components/assessment-screen';
import { useOutbox } from '../../../../features/outbox/hooks/use-outbox';
import { DeleteAssessmentDialog } from '../../../../features/results/components/delete-assessment-dialog';

export const Route = createFileRoute(
  '/_signedIn/_withOrganization/assessment/$propertyId/$assessmentId/$chapter/$questionId',
)({
  // The loader stays in the entry chunk, unlike other routes' (vite.config.ts): it imports only
  // query options, and a signed-in start opening this screen asks for its data as soon as the
  // guards pass instead of after the screen's chunk and `shared` have arrived, one more round trip
  // on a weak line (docs/performance.md "Bytes on the wire").
  codeSplitGroupings: [['component'], ['errorComponent'], ['notFoundComponent']],
  // The form's data needs only the ids in the path: asked for at start, beside user info.
  staticData: {
    startRequests: (queryClient, params) => {
      void queryClient.prefetchQuery(assessmentQueryOptions(params.assessmentId!, params.propertyId!));
      void queryClient.prefetchQuery(questionsQueryOptions(params.assessmentId!));
      void queryClient.prefetchQuery(propertyQueryOptions(params.propertyId!));
    },
  },
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    // The residence travels along: its address goes with each answer into the outbox list, its
    // assessments tell whether a locked one can be unlocked, and "save and close" returns to it
    // (offline too). None of it is worth refusing the form for. The form waits for the address,
    // asked beside the questions, not for the assessments that can only be asked after it: that
    // second round trip held back the question's first paint on a slow line (docs/performance.md
    // "Bytes on the wire"); the unlock offer asks for them itself if they are not in yet.
    const residence = async () => {
      const property = await queryClient.ensureQueryData(propertyQueryOptions(params.propertyId));
      const refs = residenceAssessmentRefs(property);
      if (refs.length > 0) {
        void queryClient.ensureQueryData(locatedAssessmentsQueryOptions(refs)).catch(() => undefined);
      }
    };
    await Promise.all([
      queryClient.ensureQueryData(assessmentQueryOptions(params.assessmentId, params.propertyId)),
      queryClient.ensureQueryData(questionsQueryOptions(params.assessmentId)),
      residence().catch(() => undefined),
    ]);
  },
  component: AssessmentRoute,
  errorComponent: AssessmentLoadError,
});

/** docs/product.md 8: a form that could not be loaded says `assessment.error`. */
function AssessmentLoadError(props: ErrorComponentProps) {
  const t = useTranslation();
  return <RouteError {...props} description={t('assessment.error')} />;
}

/**
 * The form composed from three features (no feature imports another, docs/architecture.md 7): the outbox
 * it stores answers in, and the results' delete flow behind its save-or-close dialog.
 */
function AssessmentRoute() {
  const params = Route.useParams();
  const { session } = Route.useRouteContext();
  const { store, ssoUuid, snapshot, storage, send } = useOutbox();
  return (
    <Container size="sm" py="md">
      <AssessmentScreen
        // A new assessment (after unlock) starts with a fresh form: nothing answered here yet.
        key={params.assessmentId}
        {...params}
        canWrite={session.canWrite}
        outbox={{ store, ssoUuid, snapshot, storage, send }}
        deleteDialog={(dialog) => (
          <DeleteAssessmentDialog
            {...dialog}
            propertyId={params.propertyId}
            assessmentId={params.assessmentId}
          />
        )}
      />
    </Container>
  );
}
