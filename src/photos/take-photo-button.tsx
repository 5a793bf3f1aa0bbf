import { Button, FileButton, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useState } from 'react';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { devicePhotos } from '../offline/device-photos';
import { useTranslation } from '../i18n/use-translation';
import type { TranslationKey } from '../../shared/texts/da';
import { shrinkPhoto } from './shrink-photo';

/** Where a photo belongs and what the outbox list calls it. */
export interface PhotoTarget {
  residenceId: string;
  assessmentId: string | null;
  questionUniqueId: string | null;
  /** The question's title ('' for the residence or the assessment as a whole). */
  questionTitle: string;
  locationText: string;
  ssoUuid: string;
}

/** What went wrong, in the user's words: a full device keeps everything it held. */
function failureOf(error: unknown): TranslationKey {
  if (
    error instanceof Error &&
    (error.message === 'photos.notAnImage' || error.message === 'photos.couldNotShrink')
  )
    return error.message;
  const name = (error as { name?: unknown; inner?: { name?: unknown } } | null)?.name;
  const inner = (error as { inner?: { name?: unknown } } | null)?.inner?.name;
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') return 'photos.deviceFull';
  return 'photos.failed';
}

/**
 * "Tag foto": the camera on a phone, a file elsewhere (`capture="environment"`). The photo is
 * made small on the device before anything is stored (shrink-photo.ts), then stored with its
 * upload in the outbox in one transaction (docs/architecture.md "Photos").
 */
export function TakePhotoButton({
  target,
  subject,
  onTaken,
}: {
  target: PhotoTarget;
  /** What the photo is of, for the button's accessible name. */
  subject: string;
  onTaken: () => void;
}) {
  const t = useTranslation();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<TranslationKey | null>(null);

  const take = async (file: File | null) => {
    if (!file) return;
    setBusy(true);
    setFailure(null);
    try {
      const small = await shrinkPhoto(file);
      await devicePhotos.take({
        photoId: newIdempotencyKey(),
        ...target,
        bytes: await small.blob.arrayBuffer(),
        contentType: small.type,
        takenAt: small.takenAt,
      });
      onTaken();
    } catch (error) {
      setFailure(failureOf(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <FileButton onChange={(file) => void take(file)} accept="image/*" capture="environment">
        {(props) => (
          <Button
            {...props}
            variant="default"
            size="xs"
            loading={busy}
            leftSection={<IconCamera size={16} aria-hidden />}
            aria-label={t('photos.take.aria', { subject })}
          >
            {t('photos.take')}
          </Button>
        )}
      </FileButton>
      {failure && (
        <Text size="sm" c="red.8" role="alert">
          {t(failure)}
        </Text>
      )}
    </>
  );
}
