import { Button, Group, Image, Modal, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { staticContentQueryOptions } from '../../../api/get-static-content';
import type { Question } from '../../../../shared/rules/answer-validation';
import { useTranslation } from '../../../i18n/use-translation';
import { holdUnsavedInput } from '../../../lib/unsaved-input';
import { sanitizeHelpHtml } from '../help-html';
import { RelevanceLabel } from './relevance-label';
import type { HandicapType } from '../../../../shared/rules/handicaps';

/** docs/product.md 2: the help screen per question: header, body, image, caption and relevance. */
export function HelpDialog(props: { question: Question; opened: boolean; onClose: () => void }) {
  const t = useTranslation();
  const { data: content } = useQuery(staticContentQueryOptions());
  const help = content?.helpScreenSettings.helpScreenPerQuestion[props.question.uniqueId];
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={help?.header ?? t('assessment.help.title')}
      closeButtonProps={{ 'aria-label': t('assessment.help.close') }}
      fullScreen
    >
      <Stack gap="md" maw={640} mx="auto">
        {props.opened && help?.bodyText && (
          // Content HTML comes from staticcontent: sanitized to an allow-list before it is shown
          // (and only then: the closed dialog's children are built on every render of the form).
          <div dangerouslySetInnerHTML={{ __html: sanitizeHelpHtml(help.bodyText) }} />
        )}
        {help?.imageUrl ? (
          <HelpFigure
            imageUrl={help.imageUrl}
            mobileImageUrl={help.mobileImageUrl}
            caption={help.caption}
            header={help.header}
          />
        ) : (
          help?.caption && <Text size="sm">{help.caption}</Text>
        )}
        {props.question.relevantTo.length > 0 && (
          <div>
            <Title order={2} size="h5">
              {t('assessment.help.relevantTo')}
            </Title>
            <ul style={{ listStyle: 'none', paddingLeft: 0 }}>
              {props.question.relevantTo.map((key) => (
                <li key={key}>
                  <RelevanceLabel
                    handicap={key}
                    setting={content?.relevanceSettings[key as HandicapType]}
                    form="full"
                  />
                </li>
              ))}
            </ul>
          </div>
        )}
        {content?.helpScreenSettings.helpScreenEntryGenericTemplate && (
          // The same advice under every question's help, with the question's title in it.
          <Text size="sm" c="dimmed">
            {content.helpScreenSettings.helpScreenEntryGenericTemplate.replaceAll(
              '{title}',
              props.question.title,
            )}
          </Text>
        )}
        <Group>
          <Button onClick={props.onClose}>{t('assessment.help.close')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * The help's picture. A phone (below the sm breakpoint, 40em) gets the picture drawn for its
 * narrow screen when there is one; the browser picks and fetches only that one. The caption is
 * the picture's description for everyone (its alt stays empty, so it is not read out twice);
 * without one the picture is named by its header.
 */
function HelpFigure(props: { imageUrl: string; mobileImageUrl?: string; caption?: string; header: string }) {
  return (
    <figure style={{ margin: 0 }}>
      <picture>
        {props.mobileImageUrl && <source media="(max-width: 39.99em)" srcSet={props.mobileImageUrl} />}
        <Image src={props.imageUrl} alt={props.caption ? '' : props.header} radius="md" maw="100%" />
      </picture>
      {props.caption && (
        <Text component="figcaption" size="sm" mt="xs">
          {props.caption}
        </Text>
      )}
    </figure>
  );
}

/** docs/product.md 5: a free-text comment saved after 1 s of quiet; the save button is hidden when locked. */
export const COMMENT_DEBOUNCE_MS = 1000;

export function CommentDialog(props: {
  question: Question;
  opened: boolean;
  locked: boolean;
  onClose: () => void;
  onSave: (comment: string | null) => void;
}) {
  const t = useTranslation();
  const [text, setText] = useState(props.question.comment ?? '');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const saved = useRef(props.question.comment ?? '');
  // Typed and not yet saved: a new release's reload waits for it.
  const typing = useRef<string | null>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  useEffect(() => holdUnsavedInput(() => typing.current !== null), []);
  const save = (value: string) => {
    typing.current = null;
    clearTimeout(timer.current);
    if (value === saved.current) return;
    saved.current = value;
    props.onSave(value.trim() === '' ? null : value);
  };
  return (
    <Modal
      opened={props.opened}
      onClose={() => {
        if (!props.locked) save(text);
        props.onClose();
      }}
      title={t('assessment.comment.title')}
      closeButtonProps={{ 'aria-label': t('assessment.comment.back') }}
      fullScreen
    >
      <Stack gap="md" maw={640} mx="auto">
        <Textarea
          label={t('assessment.comment.label')}
          placeholder={t('assessment.comment.placeholder')}
          autosize
          minRows={6}
          maxLength={2000}
          value={text}
          readOnly={props.locked}
          onChange={(e) => {
            const value = e.currentTarget.value;
            setText(value);
            clearTimeout(timer.current);
            typing.current = value;
            timer.current = setTimeout(() => save(value), COMMENT_DEBOUNCE_MS);
          }}
        />
        <Group>
          {!props.locked && <Button onClick={() => save(text)}>{t('assessment.comment.save')}</Button>}
          <Button
            variant="default"
            onClick={() => {
              if (!props.locked) save(text);
              props.onClose();
            }}
          >
            {t('assessment.comment.back')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
