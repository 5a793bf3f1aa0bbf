import { Image, Loader, Text, UnstyledButton } from '@mantine/core';
import { IconPhotoOff } from '@tabler/icons-react';
import { useTranslation } from '../i18n/use-translation';
import classes from './photos.module.css';
import { usePhotoUrl } from './photo-url';
import type { PhotoItem } from './use-photo-list';

/** A photo's thumbnail, a button that opens it large; a waiting one says so. */
export function PhotoThumb({ item, label, onOpen }: { item: PhotoItem; label: string; onOpen: () => void }) {
  const t = useTranslation();
  const { url, failed } = usePhotoUrl(item);
  return (
    <UnstyledButton
      className={classes.thumb}
      onClick={onOpen}
      aria-label={label}
      data-waiting={item.waiting !== null}
    >
      {url ? (
        <Image src={url} alt="" className={classes.thumbImage} />
      ) : failed ? (
        <IconPhotoOff size={28} aria-hidden />
      ) : (
        <Loader size="sm" aria-hidden />
      )}
      {item.waiting && (
        <Text component="span" size="xs" className={classes.waiting}>
          {t('photos.waiting')}
        </Text>
      )}
    </UnstyledButton>
  );
}
