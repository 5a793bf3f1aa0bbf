import type { QueryKey } from '@tanstack/react-query';
import { departmentsQueryOptions } from '../../api/get-departments';
import { organizationsQueryOptions } from '../../api/get-organizations';
import { propertiesByDepartmentQueryOptions } from '../../api/get-properties-by-department';
import { staticContentQueryOptions } from '../../api/get-static-content';
import { userInfoQueryOptions } from '../../api/user-info';
import { updateOfflineRegistry } from '../client-state';
import { cacheHelpImages, helpImageUrls } from '../help-images';
import { cachedQuery, keepWithoutTimeLimit } from '../kept-queries';
import type { TakeAlongRun } from './take-along-run';
import type { ResidenceToTake } from './take-along-types';
import { jsonSize } from './transfer-meter';

/**
 * The steps of a take along before its residences are fetched (take-along.ts runs them in turn).
 */

/** The residences asked for; for a department, each one of its list once (the list is fetched). */
export async function residencesToTake(run: TakeAlongRun): Promise<ResidenceToTake[]> {
  const { request, queryClient } = run;
  if (request.kind !== 'department') return request.residences;
  await run.preload.department(request.departmentId);
  const rows = queryClient.getQueryData(propertiesByDepartmentQueryOptions(request.departmentId).queryKey);
  if (!rows) throw new Error('department list not fetched');
  run.answerBytes += jsonSize(rows);
  const seen = new Map<string, ResidenceToTake>();
  for (const row of rows) {
    if (!seen.has(row.residenceId))
      seen.set(row.residenceId, { id: row.residenceId, location: row.location });
  }
  return [...seen.values()];
}

/** The help texts and their images: the form's help dialog opens offline too. */
export async function cacheHelp(run: TakeAlongRun): Promise<void> {
  const content = await run.queryClient.ensureQueryData(staticContentQueryOptions());
  await cacheHelpImages(helpImageUrls(content), run.signal);
}

/** Names the organization, and a department with its count, in the record (written later). */
export function recordRequest(run: TakeAlongRun, residenceCount: number): void {
  const { request } = run;
  updateOfflineRegistry(
    (r) => ({
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
                fetchedAt: run.now().toISOString(),
                residenceCount,
              },
            }
          : r.departments,
    }),
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
