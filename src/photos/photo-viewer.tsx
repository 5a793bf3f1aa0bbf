import { Button, Group, Image, Modal, Stack, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { formatShortDate, formatTime } from '../ui/format';
import classes from './photos.module.css';
import { usePhotoUrl } from './photo-url';
import type { PhotoItem } from './use-photo-list';

/** One photo large, with when and by whom, and "Slet foto" while the assessment takes answers. */
export function PhotoViewer({
  item,
  position,
  count,
  onClose,
  onDelete,
}: {
  item: PhotoItem;
  position: number;
  count: number;
  onClose: () => void;
  /** Absent where the photo is read-only (an approved assessment, the read role). */
  onDelete?: () => Promise<void>;
}) {
  const t = useTranslation();
  const { url, failed } = usePhotoUrl(item);
  const [confirming, setConfirming] = useState(false);
  const title = t('photos.viewer.title', { n: position, count });
  return (
    <Modal
      opened
      onClose={onClose}
      title={title}
      size="xl"
      closeButtonProps={{ 'aria-label': t('general.close') }}
    >
      <Stack gap="sm">
        {url ? (
          <Image src={url} alt={title} className={classes.large} />
        ) : (
          failed && <Text>{t('photos.unavailable')}</Text>
        )}
        <Text size="sm">
          {item.takenAt &&
            t('photos.takenAt', { date: formatShortDate(item.takenAt), time: formatTime(item.takenAt) })}
          {item.createdBy && ` ${t('photos.by', { name: item.createdBy })}`}
          {item.waiting && ` · ${t('photos.waiting')}`}
        </Text>
        {onDelete && (
          <Group>
            {confirming ? (
              <>
                <Text size="sm">{t('photos.delete.confirm')}</Text>
                <Button color="red" size="xs" onClick={() => void onDelete().then(onClose)}>
                  {t('photos.delete')}
                </Button>
                <Button variant="default" size="xs" onClick={() => setConfirming(false)}>
                  {t('general.cancel')}
                </Button>
              </>
            ) : (
              <Button
                variant="default"
                size="xs"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={() => setConfirming(true)}
              >
                {t('photos.delete')}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Modal>
  );
}
