import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useLayoutEffect, useRef, useState } from 'react';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import type { BreakerScreenText, StaticContent } from '../../../../shared/contract/static-content';
import type { Question } from '../../../../shared/rules/answer-validation';
import { SCREENED_HANDICAPS, type HandicapType } from '../../../../shared/rules/handicaps';
import type { BreakerKind } from '../../../domain/question-navigation';
import type { Translate } from '../../../i18n/translate';
import { useTranslation } from '../../../i18n/use-translation';
import { QuestionLink } from '../../../ui/question-link';
import { RelevanceLabel } from './relevance-label';

/**
 * docs/product.md 2 "Other screens and parts", the dialog between chapters: header, body,
 * optional handicap lists, the missing questions linking to each, and one or two buttons (texts
 * of breakerAndResultScreenSettings). Without a breaker the dialog stays mounted, closed: Mantine
 * gives focus back to the button that opened it only when it was mounted before it opened, and it
 * fades out with the last breaker's text.
 */
export function BreakerDialog(props: {
  kind: BreakerKind | null;
  excludedHandicaps: readonly string[];
  /** The chapter that follows (the 'chapter' breaker introduces it). */
  nextChapter: string | null;
  missing: readonly Question[];
  propertyId: string;
  assessmentId: string;
  onPrimary: () => void;
  onSecondary?: () => void;
  onClose: () => void;
  busy?: boolean;
}) {
  const t = useTranslation();
  const { data: content } = useQuery(staticContentQueryOptions());
  const [lastKind, setLastKind] = useState(props.kind);
  if (props.kind !== null && props.kind !== lastKind) setLastKind(props.kind);
  const kind = props.kind ?? lastKind;
  // A tap before the form's first frame (its closed dialogs mount only then) mounts this dialog
  // open, and Mantine then knows no opener to give focus back to: focus would end on <body>.
  // The opener is kept here, and given focus after the fade-out when nothing else took it.
  const opener = useRef<HTMLElement | null>(null);
  const open = props.kind !== null;
  useLayoutEffect(() => {
    const active = document.activeElement;
    if (open && active instanceof HTMLElement && active !== document.body) opener.current ??= active;
  }, [open]);
  const giveFocusBack = () => {
    const element = opener.current;
    opener.current = null;
    const active = document.activeElement;
    if (element?.isConnected && (active === null || active === document.body)) element.focus();
  };
  if (kind === null) return <Modal opened={false} onClose={props.onClose} />;
  const text = breakerText(kind, content, props.nextChapter, t);
  const showLists = kind === 'screeningSome' || kind === 'screeningNone' || kind === 'screeningAll';
  const showMissing = (kind === 'screeningMissing' || kind === 'globalMissing') && props.missing.length > 0;

  return (
    <Modal
      opened={open}
      onClose={props.onClose}
      onExitTransitionEnd={giveFocusBack}
      title={text.header}
      closeButtonProps={{ 'aria-label': t('general.close') }}
      centered
    >
      <Stack gap="md">
        {text.body && <Text>{text.body}</Text>}
        {showLists && (
          <ScreeningLists excludedHandicaps={props.excludedHandicaps} settings={content?.relevanceSettings} />
        )}
        {text.body2 && <Text>{text.body2}</Text>}
        {showMissing && (
          <MissingQuestionList
            missing={props.missing}
            propertyId={props.propertyId}
            assessmentId={props.assessmentId}
            onClose={props.onClose}
          />
        )}
        <Group justify="flex-end">
          {text.buttonLabel2 && props.onSecondary && (
            <Button variant="default" onClick={props.onSecondary}>
              {text.buttonLabel2}
            </Button>
          )}
          <Button onClick={props.onPrimary} loading={props.busy}>
            {text.buttonLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The breaker's texts: the screening chapter's for the intro, the next chapter's for a chapter
 * breaker, else the breaker's own from breakerAndResultScreenSettings.
 */
function breakerText(
  kind: BreakerKind,
  content: StaticContent | undefined,
  nextChapter: string | null,
  t: Translate,
): BreakerScreenText {
  const settings = content?.breakerAndResultScreenSettings;
  const chapter = content?.chaptersSettings.screening;
  const next = nextChapter ? content?.chaptersSettings[nextChapter] : undefined;
  return kind === 'intro'
    ? {
        header: chapter?.label ?? t('assessment.chapter.screening'),
        body: chapter?.description ?? '',
        buttonLabel: t('assessment.breaker.startScreening'),
      }
    : kind === 'chapter'
      ? {
          header: next?.label ?? t('assessment.chapter.evaluation'),
          body: next?.description ?? '',
          buttonLabel: t('assessment.breaker.continue'),
        }
      : (settings?.[kind] ?? {
          header: t('assessment.chapter.evaluation'),
          body: '',
          buttonLabel: t('assessment.breaker.continue'),
        });
}

/** The types screening let in and those it left out (the screening breakers). */
function ScreeningLists(props: {
  excludedHandicaps: readonly string[];
  settings: StaticContent['relevanceSettings'] | undefined;
}) {
  const t = useTranslation();
  const included = SCREENED_HANDICAPS.filter((h) => !props.excludedHandicaps.includes(h));
  const excluded = SCREENED_HANDICAPS.filter((h) => props.excludedHandicaps.includes(h));
  return (
    <>
      {included.length > 0 && (
        <div>
          <Text fw={600}>{t('assessment.screening.suitableFor')}</Text>
          <HandicapList handicaps={included} settings={props.settings} />
        </div>
      )}
      {excluded.length > 0 && (
        <div>
          <Text fw={600}>{t('assessment.screening.notSuitableFor')}</Text>
          <HandicapList handicaps={excluded} settings={props.settings} />
        </div>
      )}
    </>
  );
}

/** The questions still to answer, each a link to it that closes the breaker. */
function MissingQuestionList(props: {
  missing: readonly Question[];
  propertyId: string;
  assessmentId: string;
  onClose: () => void;
}) {
  const t = useTranslation();
  return (
    <div>
      <Text fw={600}>{t('assessment.breaker.missingQuestions')}</Text>
      <List>
        {props.missing.map((q) => (
          <List.Item key={q.uniqueId}>
            <QuestionLink
              propertyId={props.propertyId}
              assessmentId={props.assessmentId}
              question={q}
              onClick={props.onClose}
            >
              {t('assessment.breaker.missingQuestion', { id: q.id, title: q.title })}
            </QuestionLink>
          </List.Item>
        ))}
      </List>
    </div>
  );
}

/** The types screening let in or left out, each by its icon and short name (docs/product.md 2). */
function HandicapList(props: {
  handicaps: readonly HandicapType[];
  settings: StaticContent['relevanceSettings'] | undefined;
}) {
  return (
    <List listStyleType="none" spacing={4} mt={4}>
      {props.handicaps.map((h) => (
        <List.Item key={h}>
          <RelevanceLabel handicap={h} setting={props.settings?.[h]} form="short" />
        </List.Item>
      ))}
    </List>
  );
}
