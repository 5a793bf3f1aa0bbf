import { Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { devicePhotos } from '../offline/device-photos';
import classes from './photos.module.css';
import { PhotoThumb } from './photo-thumb';
import { PhotoViewer } from './photo-viewer';
import { TakePhotoButton, type PhotoTarget } from './take-photo-button';
import { usePhotoList, type PhotoItem } from './use-photo-list';

/**
 * The photos of one question, of an assessment or of a residence, as thumbnails that open large
 * (docs/api.md "Extensions", photos), and "Tag foto" where they may be added: with the write
 * role on an assessment that takes answers, like the answers themselves. Nothing shows where the
 * server keeps no photos.
 */
export function PhotoStrip({
  target,
  subject,
  editable,
  showEmpty = false,
  send,
}: {
  /** Where new photos belong; the strip shows the photos of exactly that place. */
  target: PhotoTarget;
  subject: string;
  /** May add and delete (write role, and an assessment that takes answers). */
  editable: boolean;
  /** Says "Ingen fotos endnu." when there are none and none may be added. */
  showEmpty?: boolean;
  /** Sends what the outbox holds, after a photo is taken or deleted (the screen's outbox). */
  send?: () => Promise<void>;
}) {
  const t = useTranslation();
  const scope = target.assessmentId
    ? { assessmentId: target.assessmentId }
    : { residenceId: target.residenceId };
  const { items, enabled } = usePhotoList(scope);
  const [open, setOpen] = useState<string | null>(null);
  if (!enabled) return null;
  const own = items.filter(
    (item) => item.assessmentId === target.assessmentId && item.questionUniqueId === target.questionUniqueId,
  );
  if (own.length === 0 && !editable && !showEmpty) return null;
  const opened = own.findIndex((item) => item.photoId === open);
  const remove = (item: PhotoItem) => async () => {
    await devicePhotos.remove({
      photoId: item.photoId,
      residenceId: target.residenceId,
      assessmentId: target.assessmentId,
      ssoUuid: target.ssoUuid,
      locationText: target.locationText,
    });
    void send?.();
  };
  return (
    <Stack gap="xs" component="section" aria-label={`${t('photos.heading')}: ${subject}`}>
      {own.length > 0 ? (
        <ul className={classes.strip}>
          {own.map((item, i) => (
            <li key={item.photoId}>
              <PhotoThumb
                item={item}
                label={t('photos.open', { n: i + 1, count: own.length })}
                onOpen={() => setOpen(item.photoId)}
              />
            </li>
          ))}
        </ul>
      ) : (
        !editable && <Text size="sm">{t('photos.none')}</Text>
      )}
      {editable && (
        <Group gap="xs">
          <TakePhotoButton target={target} subject={subject} onTaken={() => void send?.()} />
        </Group>
      )}
      {opened >= 0 && (
        <PhotoViewer
          item={own[opened]!}
          position={opened + 1}
          count={own.length}
          onClose={() => setOpen(null)}
          onDelete={editable ? remove(own[opened]!) : undefined}
        />
      )}
    </Stack>
  );
}
