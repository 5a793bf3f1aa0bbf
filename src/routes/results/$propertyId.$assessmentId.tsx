import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { ResultsScreen } from '../../features/results/components/results-screen';
import { WriteOnly } from '../../features/session/components/write-only';

export const Route = createFileRoute('/results/$propertyId/$assessmentId')({
  component: ResultsRoute,
});

/** Spec 2 and 6: the results are for the write role only; everyone else sees the 404 page. */
function ResultsRoute() {
  const { propertyId, assessmentId } = Route.useParams();
  return (
    <Container size="md" py="xl">
      <WriteOnly>
        <ResultsScreen
          key={`${propertyId}/${assessmentId}`}
          propertyId={propertyId}
          assessmentId={assessmentId}
        />
      </WriteOnly>
    </Container>
  );
}
