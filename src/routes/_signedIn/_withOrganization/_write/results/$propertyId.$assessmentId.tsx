import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useSendWaitingAnswers } from '../../../../../features/outbox/hooks/use-send-waiting-answers';
import { ResultsScreen } from '../../../../../features/results/components/results-screen';
import { loadResults } from '../../../../../features/results/load-results';

/** docs/product.md 2 and 6: the results, for the write role only (the `_write` layout shows others 404). */
export const Route = createFileRoute('/_signedIn/_withOrganization/_write/results/$propertyId/$assessmentId')(
  {
    loader: ({ context, params }) => loadResults(context.queryClient, params.propertyId, params.assessmentId),
    component: ResultsRoute,
  },
);

function ResultsRoute() {
  const { propertyId, assessmentId } = Route.useParams();
  const { session, organization } = Route.useRouteContext();
  // docs/architecture.md 2: the answers still on the device go first; an approval waits for them.
  const sendWaitingAnswers = useSendWaitingAnswers(assessmentId);
  return (
    <Container size="md" py="xl">
      <ResultsScreen
        key={`${propertyId}/${assessmentId}`}
        propertyId={propertyId}
        assessmentId={assessmentId}
        canWrite={session.canWrite}
        organizationName={organization.name}
        sendWaitingAnswers={sendWaitingAnswers}
      />
    </Container>
  );
}
