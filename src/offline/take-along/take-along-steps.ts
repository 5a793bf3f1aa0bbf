import type { QueryKey } from '@tanstack/react-query';
import { departmentsQueryOptions } from '../../api/get-departments';
import { organizationsQueryOptions } from '../../api/get-organizations';
import { propertiesByDepartmentQueryOptions } from '../../api/get-properties-by-department';
import { staticContentQueryOptions } from '../../api/get-static-content';
import { userInfoQueryOptions } from '../../api/user-info';
import { offlineRegistry, updateOfflineRegistry } from '../client-state';
import { cacheHelpImages, helpImageUrls } from '../help-images';
import { cachedQuery, keepWithoutTimeLimit } from '../kept-queries';
import type { TakeAlongRun } from './take-along-run';
import type { ResidenceToTake } from './take-along-types';
import { jsonSize } from './transfer-meter';

/**
 * The steps of a take along before its residences are fetched (take-along.ts runs them in turn).
 */

/**
 * The residences asked for, and how many the request names (`listCount`); for a department, each
 * one of its list once (the list is fetched), and for its rest only those its unfinished latest
 * take along did not fetch.
 */
export async function residencesToTake(
  run: TakeAlongRun,
): Promise<{ residences: ResidenceToTake[]; listCount: number }> {
  const { request, queryClient } = run;
  if (request.kind !== 'department')
    return { residences: request.residences, listCount: request.residences.length };
  await run.preload.department(request.departmentId);
  const rows = queryClient.getQueryData(propertiesByDepartmentQueryOptions(request.departmentId).queryKey);
  if (!rows) throw new Error('department list not fetched');
  run.answerBytes += jsonSize(rows);
  const registry = offlineRegistry();
  const since = request.rest ? registry.departments[request.departmentId]?.fetchedAt : undefined;
  const fetchedSince = (id: string) => {
    const kept = registry.residences[id];
    return (
      since !== undefined &&
      kept !== undefined &&
      kept.sources.includes(run.source) &&
      kept.fetchedAt >= since
    );
  };
  const seen = new Map<string, ResidenceToTake>();
  for (const row of rows) {
    if (!seen.has(row.residenceId))
      seen.set(row.residenceId, { id: row.residenceId, location: row.location });
  }
  const residences = [...seen.values()].filter((residence) => !fetchedSince(residence.id));
  return { residences, listCount: seen.size };
}

/** The help texts and their images: the form's help dialog opens offline too. */
export async function cacheHelp(run: TakeAlongRun): Promise<void> {
  const content = await run.queryClient.ensureQueryData(staticContentQueryOptions());
  await cacheHelpImages(helpImageUrls(content), run.signal);
}

/**
 * Names the organization, and a department with its list's count, in the record (written later),
 * unfinished until the run ends whole (`recordFinished`). The rest of a department keeps the
 * beginning of the take along it finishes.
 */
export function recordRequest(run: TakeAlongRun, listCount: number): void {
  const { request } = run;
  updateOfflineRegistry(
    (r) => {
      const before = request.kind === 'department' ? r.departments[request.departmentId] : undefined;
      return {
        ...r,
        organizations: r.organizations.includes(request.organizationId)
          ? r.organizations
          : [...r.organizations, request.organizationId],
        departments:
          request.kind === 'department'
            ? {
                ...r.departments,
                [request.departmentId]: {
                  id: request.departmentId,
                  organizationId: request.organizationId,
                  name: request.departmentName,
                  fetchedAt: request.rest && before ? before.fetchedAt : run.now().toISOString(),
                  residenceCount: listCount,
                  unfinished: true,
                },
              }
            : r.departments,
      };
    },
    { write: false },
  );
}

/** A department's take along that fetched every residence: no longer unfinished. */
export function recordFinished(run: TakeAlongRun): void {
  const { request, progress } = run;
  if (request.kind !== 'department' || progress.failed > 0 || run.signal.aborted) return;
  updateOfflineRegistry(
    (r) => {
      const department = r.departments[request.departmentId];
      if (!department?.unfinished) return r;
      const { unfinished: _done, ...finished } = department;
      return { ...r, departments: { ...r.departments, [request.departmentId]: finished } };
    },
    { write: false },
  );
}

/** What every screen of the day reads besides the residences is kept without time limit too. */
export function keepSharedQueries(run: TakeAlongRun): void {
  const { request, queryClient } = run;
  for (const key of [
    staticContentQueryOptions().queryKey,
    userInfoQueryOptions().queryKey,
    organizationsQueryOptions().queryKey,
    departmentsQueryOptions(request.organizationId).queryKey,
    ...(request.kind === 'department'
      ? [propertiesByDepartmentQueryOptions(request.departmentId).queryKey]
      : []),
  ] as QueryKey[]) {
    const query = cachedQuery(queryClient, key);
    if (query) keepWithoutTimeLimit(query);
  }
}
