import type { QueryClient } from '@tanstack/react-query';
import { propertiesByDepartmentQueryOptions } from '../../api/get-properties-by-department';
import { offlineRegistry, updateOfflineRegistry, type OfflineRegistry } from '../../offline/client-state';
import { devicePhotos } from '../../offline/device-photos';
import { dropHelpImages } from '../../offline/help-images';
import { queryPersistence } from '../../offline/query-persistence';
import { residenceQueryKeys } from '../../offline/take-along/residence-query-keys';

/**
 * Removing what was taken along drops its queries from the cache (and so from the persisted
 * cache with the next write) and the copies of its photos. Only query cache entries and the record go: the outbox is another
 * table (src/offline/outbox.ts) that nothing here touches, so answers not yet sent stay queued.
 * A residence another item still keeps (its department, or chosen on its own) stays.
 */
function dropSource(queryClient: QueryClient, source: string, only?: ReadonlySet<string>): string[] {
  const gone: string[] = [];
  updateOfflineRegistry((r) => {
    const residences: OfflineRegistry['residences'] = {};
    for (const [id, entry] of Object.entries(r.residences)) {
      if (only && !only.has(id)) {
        residences[id] = entry;
        continue;
      }
      const sources = entry.sources.filter((s) => s !== source);
      if (sources.length > 0) residences[id] = { ...entry, sources };
      else if (entry.sources.includes(source)) gone.push(id);
      else residences[id] = entry;
    }
    return { ...r, residences };
  });
  // The keys are found while the queries are still there (the residence's assessments).
  for (const id of gone) {
    for (const key of residenceQueryKeys(queryClient, id))
      queryClient.removeQueries({ queryKey: key, exact: true });
  }
  return gone;
}

async function afterRemoval(gone: readonly string[]) {
  // The copies of their photos ("med fotos") go too; photos waiting to be sent are the outbox's.
  await devicePhotos.dropKept(gone).catch(() => undefined);
  const registry = offlineRegistry();
  if (Object.keys(registry.residences).length === 0 && Object.keys(registry.departments).length === 0) {
    updateOfflineRegistry((r) => ({ ...r, organizations: [] }));
    await dropHelpImages().catch(() => undefined);
  }
  await queryPersistence()
    ?.persistNow()
    .catch(() => undefined);
}

export async function removeDepartment(queryClient: QueryClient, departmentId: string): Promise<void> {
  const gone = dropSource(queryClient, `department:${departmentId}`);
  updateOfflineRegistry((r) => ({
    ...r,
    departments: Object.fromEntries(Object.entries(r.departments).filter(([id]) => id !== departmentId)),
  }));
  queryClient.removeQueries({
    queryKey: propertiesByDepartmentQueryOptions(departmentId).queryKey,
    exact: true,
  });
  await afterRemoval(gone);
}

/** A residence chosen on its own (or in a selection). */
export async function removeResidence(queryClient: QueryClient, residenceId: string): Promise<void> {
  const gone = dropSource(queryClient, 'self', new Set([residenceId]));
  await afterRemoval(gone);
}
