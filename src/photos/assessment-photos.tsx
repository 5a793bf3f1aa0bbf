import { Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { Question } from '../../shared/rules/answer-validation';
import { useTranslation } from '../i18n/use-translation';
import classes from './photos.module.css';
import { PhotoThumb } from './photo-thumb';
import { usePhotoUrl } from './photo-url';
import { PhotoViewer } from './photo-viewer';
import { usePhotoList, type PhotoItem } from './use-photo-list';

/**
 * An assessment's photos by question, for the results page and the printed report (docs/api.md
 * "Extensions", photos): read-only there; they are added and deleted in the form.
 */
export function usePhotosByQuestion(assessmentId: string): Map<string | null, PhotoItem[]> {
  const { items } = usePhotoList({ assessmentId });
  const byQuestion = new Map<string | null, PhotoItem[]>();
  for (const item of items)
    byQuestion.set(item.questionUniqueId, [...(byQuestion.get(item.questionUniqueId) ?? []), item]);
  return byQuestion;
}

/**
 * The results page's photos: a group per question, in the catalogue's order, each opening large.
 * Placed last on the page: thumbnails arriving late move none of the buttons above them.
 */
export function AssessmentPhotos({
  assessmentId,
  questions,
}: {
  assessmentId: string;
  questions: readonly Pick<Question, 'uniqueId' | 'id' | 'title' | 'question'>[];
}) {
  const t = useTranslation();
  const byQuestion = usePhotosByQuestion(assessmentId);
  const [open, setOpen] = useState<PhotoItem | null>(null);
  const groups = questions.flatMap((q) => {
    const items = byQuestion.get(q.uniqueId);
    return items ? [{ uniqueId: q.uniqueId, title: `${q.id}. ${q.title || q.question}`, items }] : [];
  });
  if (groups.length === 0) return null;
  const group = open && groups.find((g) => g.items.includes(open));
  return (
    <Stack gap="sm" component="section" aria-labelledby="assessment-photos-heading">
      <Text component="h2" fw={700} size="xl" id="assessment-photos-heading">
        {t('photos.heading')}
      </Text>
      {groups.map((g) => (
        <Stack gap={4} key={g.uniqueId}>
          <Text fw={600}>{g.title}</Text>
          <ul className={classes.strip} aria-label={`${t('photos.heading')}: ${g.title}`}>
            {g.items.map((item, i) => (
              <li key={item.photoId}>
                <PhotoThumb
                  item={item}
                  label={t('photos.open', { n: i + 1, count: g.items.length })}
                  onOpen={() => setOpen(item)}
                />
              </li>
            ))}
          </ul>
        </Stack>
      ))}
      {open && group && (
        <PhotoViewer
          item={open}
          position={group.items.indexOf(open) + 1}
          count={group.items.length}
          onClose={() => setOpen(null)}
        />
      )}
    </Stack>
  );
}

/** A question's photos on paper: each as an image of its own, never torn across a page. */
export function PrintedPhotos({ items, title }: { items: readonly PhotoItem[]; title: string }) {
  const t = useTranslation();
  return (
    <span className={classes.printed}>
      {items.map((item, i) => (
        <PrintedPhoto
          key={item.photoId}
          item={item}
          alt={`${title}: ${t('photos.viewer.title', { n: i + 1, count: items.length })}`}
        />
      ))}
    </span>
  );
}

function PrintedPhoto({ item, alt }: { item: PhotoItem; alt: string }) {
  const { url } = usePhotoUrl(item);
  return url ? <img src={url} alt={alt} className={classes.printedImage} /> : null;
}
