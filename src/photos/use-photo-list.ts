import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { photosQueryOptions, useHasPhotos } from '../api/photos';
import { devicePhotos, type DevicePhotos } from '../offline/device-photos';

/**
 * The photos of a residence or an assessment as a screen shows them (docs/architecture.md
 * "Photos"): what the server holds, with what waits on this device laid over it (taken offline,
 * not yet sent) and without what waits to be deleted.
 */

export interface PhotoItem {
  photoId: string;
  assessmentId: string | null;
  questionUniqueId: string | null;
  takenAt: string | null;
  /** Who took it (from the server); null for one still on this device. */
  createdBy: string | null;
  /** The bytes, for a photo on this device that is not sent yet. */
  waiting: { bytes: ArrayBuffer; contentType: string } | null;
}

export type PhotoScope = { residenceId: string } | { assessmentId: string };

const NOTHING_ON_DEVICE: DevicePhotos = { waiting: [], deleting: new Set() };

export function usePhotoList(scope: PhotoScope): { items: PhotoItem[]; enabled: boolean } {
  const enabled = useHasPhotos();
  const { data: server } = useQuery({ ...photosQueryOptions(scope), enabled });
  const [device, setDevice] = useState<DevicePhotos>(NOTHING_ON_DEVICE);
  const residenceId = 'residenceId' in scope ? scope.residenceId : null;
  const assessmentId = 'assessmentId' in scope ? scope.assessmentId : null;
  useEffect(() => {
    if (!enabled) return;
    const of: PhotoScope = residenceId !== null ? { residenceId } : { assessmentId: assessmentId! };
    // A database the browser refuses shows what the server has.
    return devicePhotos.subscribe(of, setDevice, () => setDevice(NOTHING_ON_DEVICE));
  }, [enabled, residenceId, assessmentId]);

  const items: PhotoItem[] = [];
  const seen = new Set<string>();
  for (const photo of server ?? []) {
    if (device.deleting.has(photo.photoId)) continue;
    seen.add(photo.photoId);
    items.push({
      photoId: photo.photoId,
      assessmentId: photo.assessmentId,
      questionUniqueId: photo.questionUniqueId,
      takenAt: photo.takenAt,
      createdBy: photo.createdBy,
      waiting: null,
    });
  }
  for (const photo of device.waiting) {
    if (seen.has(photo.photoId) || device.deleting.has(photo.photoId)) continue;
    items.push({
      photoId: photo.photoId,
      assessmentId: photo.assessmentId,
      questionUniqueId: photo.questionUniqueId,
      takenAt: photo.takenAt,
      createdBy: null,
      waiting: { bytes: photo.bytes, contentType: photo.contentType },
    });
  }
  return { items, enabled };
}
