import { Anchor, Button, Group } from '@mantine/core';
import { IconArrowLeft, IconList } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * The form's top bar: the way back and the table of contents. A locked form links back to the
 * residence (docs/product.md 2); an editable one opens the save-or-close dialog instead of leaving.
 * In a bulk-copy context the button saves the answers and goes back to /copied (docs/product.md 2).
 */
export function FormTopBar(props: {
  propertyId: string;
  locked: boolean;
  onLeave: () => void;
  onOpenToc: () => void;
  /** Set when this assessment is one of a finished copy flow's copies. */
  onCopyBack?: () => void;
}) {
  const t = useTranslation();
  const label = (
    <Group gap={4} component="span">
      <IconArrowLeft size={16} aria-hidden />
      {props.locked && !props.onCopyBack ? t('assessment.locked.back') : t('assessment.saveAnswersBack')}
    </Group>
  );
  return (
    <Group justify="space-between" wrap="wrap" gap="xs">
      {props.onCopyBack ? (
        <Anchor component="button" type="button" size="sm" onClick={props.onCopyBack}>
          {label}
        </Anchor>
      ) : props.locked ? (
        <Anchor
          size="sm"
          renderRoot={(rootProps) => (
            <Link {...rootProps} to="/residence/$propertyId" params={{ propertyId: props.propertyId }} />
          )}
        >
          {label}
        </Anchor>
      ) : (
        <Anchor component="button" type="button" size="sm" onClick={props.onLeave} aria-haspopup="dialog">
          {label}
        </Anchor>
      )}
      <Button
        variant="default"
        size="xs"
        leftSection={<IconList size={16} aria-hidden />}
        onClick={props.onOpenToc}
      >
        {t('assessment.toc.open')}
      </Button>
    </Group>
  );
}
