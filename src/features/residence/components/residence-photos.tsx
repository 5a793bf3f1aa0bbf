import { Stack, Text } from '@mantine/core';
import { useHasPhotos } from '../../../api/photos';
import { tokenStore } from '../../../api/token-store';
import { useTranslation } from '../../../i18n/use-translation';
import { PhotoStrip } from '../../../photos/photo-strip';

/**
 * The photos of the residence itself (docs/api.md "Extensions", photos), below its assessments,
 * so that thumbnails arriving late move nothing a finger is about to tap. A write user adds them
 * here, online or offline; the photos of an assessment's questions are in its form and results.
 */
export function ResidencePhotos(props: {
  propertyId: string;
  location: string;
  canWrite: boolean;
  /** Sends what the outbox holds (the route's outbox); a photo goes at once when online. */
  send?: () => Promise<void>;
}) {
  const t = useTranslation();
  const hasPhotos = useHasPhotos();
  const ssoUuid = tokenStore.user();
  if (!hasPhotos || !ssoUuid) return null;
  return (
    <Stack gap="xs" mt="xl">
      <Text component="h2" fw={700} size="xl">
        {t('residence.photos.heading')}
      </Text>
      <PhotoStrip
        target={{
          residenceId: props.propertyId,
          assessmentId: null,
          questionUniqueId: null,
          questionTitle: '',
          locationText: props.location,
          ssoUuid,
        }}
        subject={t('photos.residence.subject')}
        editable={props.canWrite}
        showEmpty
        send={props.send}
      />
    </Stack>
  );
}
