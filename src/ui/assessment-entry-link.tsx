import { Button } from '@mantine/core';
import { IconArrowRight, IconEye, IconPencil } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { DisplayStatus } from '../../shared/rules/statuses';
import { useTranslation } from '../i18n/use-translation';
import { assessmentEntry, type AssessmentEntry } from '../domain/assessment-entry';

const TEXT = {
  continue: 'residence.assessmentCard.continue',
  results: 'residence.assessmentCard.results',
  view: 'residence.assessmentCard.view',
} as const satisfies Record<AssessmentEntry, string>;

const ICON = { continue: IconPencil, results: IconArrowRight, view: IconEye } as const;

/**
 * The way into one assessment (docs/product.md 2 and 4): "Fortsæt vurderingen" opens an editable one where
 * the user left off, "Se resultatet" a calculated or ready one's results, "Se vurderingen" a
 * locked one read-only. The first and last go through the resume route, which picks the question.
 * `accessibleName` says which assessment it opens, beginning with the visible text (WCAG 2.5.3),
 * so a list of several of these links reads apart.
 */
export function AssessmentEntryLink(props: {
  propertyId: string;
  assessmentId: string;
  status: DisplayStatus;
  canWrite: boolean;
  accessibleName: (action: string) => string;
  /** A long list asks for a quieter button than a card's one way in. */
  quiet?: boolean;
  /** The content's own words for this way in (automaticApproval.buttonLabel on a complete draft). */
  label?: string;
}) {
  const t = useTranslation();
  const entry = assessmentEntry(props.status, props.canWrite);
  const text = props.label || t(TEXT[entry]);
  const Icon = ICON[entry];
  const params = { propertyId: props.propertyId, assessmentId: props.assessmentId };
  return (
    <Button
      variant={entry === 'view' ? 'default' : props.quiet ? 'light' : 'filled'}
      leftSection={<Icon size={16} aria-hidden />}
      aria-label={props.accessibleName(text)}
      renderRoot={(rootProps) =>
        entry === 'results' ? (
          <Link {...rootProps} to="/results/$propertyId/$assessmentId" params={params} />
        ) : (
          <Link {...rootProps} to="/assessment/$propertyId/$assessmentId" params={params} />
        )
      }
    >
      {text}
    </Button>
  );
}
