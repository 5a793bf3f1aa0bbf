import { useEffect, useState } from 'react';
import { getPhotoBlob } from '../api/photos';
import { devicePhotos } from '../offline/device-photos';
import type { PhotoItem } from './use-photo-list';

/**
 * A photo's address for an <img>. A photo taken on this page keeps the address of its own bytes
 * for the page's life, also once it is sent (no flicker while the list is read again); any other
 * is the copy kept on the device when its residence was taken along "med fotos", or else the
 * server's copy, read once per page (the browser's HTTP cache keeps it: it never changes). A
 * server copy that cannot be read (offline) has no address, and the screen says so.
 */
const fromDevice = new Map<string, string>();
const fromServer = new Map<string, Promise<string>>();

function deviceUrl(photoId: string, waiting: NonNullable<PhotoItem['waiting']>): string {
  let url = fromDevice.get(photoId);
  if (!url) {
    url = URL.createObjectURL(new Blob([waiting.bytes], { type: waiting.contentType }));
    fromDevice.set(photoId, url);
  }
  return url;
}

/** The copy kept on the device ("med fotos"), else the server's (a database that fails: the server's). */
async function keptOrServerBlob(photoId: string): Promise<Blob> {
  const kept = await devicePhotos.kept(photoId).catch(() => undefined);
  if (kept) return new Blob([kept.bytes], { type: kept.contentType });
  return getPhotoBlob(photoId);
}

function serverUrl(photoId: string): Promise<string> {
  let url = fromServer.get(photoId);
  if (!url) {
    url = keptOrServerBlob(photoId).then((blob) => URL.createObjectURL(blob));
    fromServer.set(photoId, url);
    // Failed (offline): asked again next time.
    url.catch(() => fromServer.delete(photoId));
  }
  return url;
}

export function usePhotoUrl(item: PhotoItem): { url: string | null; failed: boolean } {
  const { photoId, waiting } = item;
  const local = waiting ? deviceUrl(photoId, waiting) : (fromDevice.get(photoId) ?? null);
  const [server, setServer] = useState<{ of: string; url: string | null; failed: boolean } | null>(null);
  useEffect(() => {
    if (local) return;
    let live = true;
    serverUrl(photoId).then(
      (url) => live && setServer({ of: photoId, url, failed: false }),
      () => live && setServer({ of: photoId, url: null, failed: true }),
    );
    return () => {
      live = false;
    };
  }, [photoId, local]);
  if (local) return { url: local, failed: false };
  return server?.of === photoId ? server : { url: null, failed: false };
}
