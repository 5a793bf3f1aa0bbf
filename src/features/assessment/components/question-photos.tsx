import { useQuery } from '@tanstack/react-query';
import type { Question } from '../../../../shared/rules/answer-validation';
import { propertyQueryOptions } from '../../../api/get-property';
import { PhotoStrip } from '../../../photos/photo-strip';
import type { AssessmentForm } from '../hooks/use-assessment-form';

/**
 * The question's photos (docs/api.md "Extensions", photos): added and deleted while the
 * assessment takes answers, read-only once it is locked, like the answers.
 */
export function QuestionPhotos({
  form,
  question,
  ssoUuid,
  send,
}: {
  form: AssessmentForm;
  question: Question;
  ssoUuid: string | undefined;
  /** Sends what the outbox holds: a photo goes at once when online, like an answer. */
  send: () => Promise<void>;
}) {
  const { data: property } = useQuery(propertyQueryOptions(form.propertyId));
  if (!ssoUuid) return null;
  return (
    <PhotoStrip
      target={{
        residenceId: form.propertyId,
        assessmentId: form.assessmentId,
        questionUniqueId: question.uniqueId,
        questionTitle: `${question.id}. ${question.title}`,
        locationText: property?.beliggenhed ?? '',
        ssoUuid,
      }}
      subject={question.title}
      editable={!form.locked}
      send={send}
    />
  );
}
