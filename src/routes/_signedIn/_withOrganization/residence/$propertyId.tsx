import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { prefetchScoresWithin } from '../../../../api/assessment-scores';
import {
  locatedAssessmentsQueryOptions,
  residenceAssessmentRefs,
} from '../../../../api/get-located-assessments';
import { propertyQueryOptions } from '../../../../api/get-property';
import { useOutbox } from '../../../../features/outbox/hooks/use-outbox';
import { ResidenceScreen } from '../../../../features/residence/components/residence-screen';

export const Route = createFileRoute('/_signedIn/_withOrganization/residence/$propertyId')({
  loader: async ({ context, params }) => {
    const property = await context.queryClient.ensureQueryData(propertyQueryOptions(params.propertyId));
    const refs = residenceAssessmentRefs(property);
    if (refs.length === 0) return;
    await Promise.all([
      context.queryClient.ensureQueryData(locatedAssessmentsQueryOptions(refs)),
      // The cards' scores come with them, so no table pushes a card's buttons down later.
      prefetchScoresWithin(
        context.queryClient,
        refs.map((ref) => ref.assessmentId),
      ),
    ]);
  },
  component: ResidenceRoute,
});

function ResidenceRoute() {
  // A photo of the residence is sent at once when online (features never import each other).
  const { send } = useOutbox();
  const { propertyId } = Route.useParams();
  return (
    <Container size="lg" py="xl">
      <ResidenceScreen key={propertyId} propertyId={propertyId} sendOutbox={send} />
    </Container>
  );
}
