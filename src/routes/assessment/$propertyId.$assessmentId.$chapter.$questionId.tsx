import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { AssessmentScreen } from '../../features/assessment/components/assessment-screen';

export const Route = createFileRoute('/assessment/$propertyId/$assessmentId/$chapter/$questionId')({
  component: AssessmentRoute,
});

function AssessmentRoute() {
  const params = Route.useParams();
  return (
    <Container size="sm" py="md">
      <AssessmentScreen {...params} />
    </Container>
  );
}
