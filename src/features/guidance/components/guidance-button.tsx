import { Badge, Button } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { useRef } from 'react';
import type { GuidanceTipId } from '../../../domain/guidance';
import { useTranslation } from '../../../i18n/use-translation';
import { useGuidanceTip } from '../hooks/use-guidance-tip';
import { GuidanceDialog } from './guidance-dialog';

/**
 * "Se tip" and its dialog (docs/product.md 4 "Guidance tips"). `tip` is the page's tip; `auto`
 * opens it by itself on the first visit. While the page has a tip not yet shown the button is
 * highlighted: filled, with "Nyt tip" beside its words and in its accessible name.
 */
export function GuidanceButton(props: { tip: GuidanceTipId; auto?: boolean }) {
  const t = useTranslation();
  const guidance = useGuidanceTip(props.tip, { auto: props.auto });
  const button = useRef<HTMLButtonElement>(null);
  // Without the texts (staticcontent not on the device yet) there is nothing to open.
  if (!guidance.ready) return null;
  return (
    <>
      <Button
        ref={button}
        variant={guidance.isNew ? 'filled' : 'default'}
        leftSection={<IconBulb size={18} aria-hidden />}
        // Spelled out, the visible words in their order and nothing more (WCAG 2.5.3 "Label in
        // Name"), so that a speech user who says what they see hits the button.
        aria-label={guidance.isNew ? `${t('guidance.open')} ${t('guidance.open.new')}` : undefined}
        onClick={guidance.open}
        aria-haspopup="dialog"
      >
        {t('guidance.open')}
        {/* In the label with a space before it, not in the button's right section: checkers
            read the visible text of separate elements as one string ("Se tipNyt tip"), which
            would not match the name. The space takes no room at the line's end; the margin is
            the section's. */}
        {guidance.isNew && (
          <>
            {' '}
            <Badge size="sm" variant="white" radius="sm" ml="xs">
              {t('guidance.open.new')}
            </Badge>
          </>
        )}
      </Button>
      <GuidanceDialog
        current={guidance.current}
        onClose={() => {
          guidance.close();
          // Focus goes back to this button, also from a tip that opened by itself: it has no
          // opener, and the button is where the tips open again (never left on <body>).
          button.current?.focus();
        }}
        onPrevious={guidance.previous}
        onNext={guidance.next}
      />
    </>
  );
}
