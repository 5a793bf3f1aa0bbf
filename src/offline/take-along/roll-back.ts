import type { QueryClient } from '@tanstack/react-query';
import { propertiesByDepartmentQueryOptions } from '../../api/get-properties-by-department';
import { updateOfflineRegistry } from '../client-state';
import { cachedQuery } from '../kept-queries';
import { residenceQueryKeys } from './residence-query-keys';
import type { TakeAlongOptions } from './take-along-types';

/**
 * A full device: the residences this run added are taken out of the cache and the record again,
 * with their kept photos, so the persisted cache fits as before. The outbox is another table, written in transactions
 * of its own (src/offline/outbox.ts): nothing here reads or writes it, so no queued answer is
 * touched.
 */
export async function rollBack(
  queryClient: QueryClient,
  added: readonly string[],
  newDepartment: string | null,
  persistence: TakeAlongOptions['persistence'],
) {
  const drop = new Set(added);
  // By hash, as they were kept (cachedQuery): removeQueries compares each key with every query.
  const cache = queryClient.getQueryCache();
  for (const id of drop) {
    for (const key of residenceQueryKeys(queryClient, id)) {
      const query = cachedQuery(queryClient, key);
      if (query) cache.remove(query);
    }
  }
  updateOfflineRegistry((r) => ({
    ...r,
    residences: Object.fromEntries(Object.entries(r.residences).filter(([id]) => !drop.has(id))),
    departments: Object.fromEntries(Object.entries(r.departments).filter(([id]) => id !== newDepartment)),
  }));
  if (newDepartment)
    queryClient.removeQueries({
      queryKey: propertiesByDepartmentQueryOptions(newDepartment).queryKey,
      exact: true,
    });
  await persistence?.persistNow().catch(() => undefined);
  // Their photos' copies, where the run kept some before the device was full.
  // Loaded here, not with the take along (which the department screen loads to paint).
  await import('../kept-photos').then(({ dropKeptPhotos }) => dropKeptPhotos(added)).catch(() => undefined);
}
