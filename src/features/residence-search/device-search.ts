import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type {
  AssessmentListEntry,
  Department,
  PropertyDetail,
  PropertyRow,
  PropertySearchResult,
} from '../../../shared/contract/dto';
import { departmentsKeys } from '../../api/get-departments';
import { locatedAssessmentsQueryOptions, residenceAssessmentRefs } from '../../api/get-located-assessments';
import { propertiesByDepartmentKeys } from '../../api/get-properties-by-department';
import { propertyKeys } from '../../api/get-property';
import { nearbyPropertiesKeys } from '../../api/search-by-coordinates';
import { cachedSearchHits, MIN_SEARCH_LENGTH, propertySearchKeys } from '../../api/search-properties';
import {
  addressPartsOf,
  copyMatches,
  deviceResidenceKey,
  searchOnDevice,
  type DeviceCopy,
} from '../../domain/address-search';
import { searchKey } from '../../../shared/rules/location';
import { NO_DATE } from '../../../shared/rules/statuses';
import type { OfflineRegistry } from '../../offline/client-state';
import { useOfflineRegistry } from '../../ui/use-offline-registry';

/**
 * Offline, the address search answers from the residences the device holds (docs/product.md 2
 * "Other screens and parts"): every answer in the persisted query cache that lists residences
 * (docs/architecture.md 2, "Taken along offline": department lists, residences taken along or
 * opened, earlier searches, nearby lists), matched by the server's rule
 * (src/domain/address-search.ts). Only the active organization's, as the server searches only
 * there.
 */

export interface DeviceSearch {
  organizationId: string;
  query: string;
  /**
   * At most this many hits: the search box's 15; the results page asks for every one, so that
   * its count is all the device holds (docs/product.md 2).
   */
  size: number;
  /** What was taken along: which organization a department belongs to. */
  registry: Pick<OfflineRegistry, 'departments'>;
  now?: Date;
}

type Copy = DeviceCopy<PropertySearchResult>;

/** A hit as the search answers it: the address, the status and the line, nothing else. */
const hitOf = (row: PropertySearchResult | PropertyRow): PropertySearchResult => ({
  residenceId: row.residenceId,
  streetName: row.streetName,
  streetNumber: row.streetNumber,
  floorNumber: row.floorNumber,
  doorCode: row.doorCode,
  zipCode: row.zipCode,
  assessmentStatus: row.assessmentStatus,
  isCalculated: row.isCalculated,
  futureApprovedDate: row.futureApprovedDate,
  location: row.location,
});

/**
 * `searchKey` of an address line, kept per cached row (or detail) for as long as the cache holds
 * that object: lower-casing every address on the device again at each keystroke was a third of a
 * search over a department of 2,000 residences taken along.
 */
const locationKeys = new WeakMap<object, string>();
function locationKeyOf(holder: object, location: string): string {
  let key = locationKeys.get(holder);
  if (key === undefined) {
    key = searchKey(location);
    locationKeys.set(holder, key);
  }
  return key;
}

/** One residence as one cached answer holds it. */
type Entry =
  | { kind: 'row'; row: PropertySearchResult | PropertyRow; receivedAt: number; matchedKeys?: string[] }
  | { kind: 'detail'; property: PropertyDetail; receivedAt: number };

interface CachedAnswer<T> {
  key: readonly unknown[];
  data: T;
  receivedAt: number;
}

/** The answers on the device that list residences, and the organizations' departments, by kind. */
function cachedAnswers(queryClient: QueryClient) {
  const answers = {
    searches: [] as CachedAnswer<PropertySearchResult[]>[],
    nearby: [] as CachedAnswer<PropertySearchResult[]>[],
    departmentLists: [] as CachedAnswer<PropertyRow[]>[],
    details: [] as CachedAnswer<PropertyDetail>[],
    departments: [] as CachedAnswer<Department[]>[],
  };
  // One pass over the cache: thousands of queries once a department is taken along.
  for (const query of queryClient.getQueryCache().getAll()) {
    const { data, dataUpdatedAt: receivedAt } = query.state;
    if (data === undefined || data === null) continue;
    const key = query.queryKey as readonly unknown[];
    const answer = { key, data, receivedAt } as CachedAnswer<never>;
    switch (key[0]) {
      case propertySearchKeys.all[0]: {
        // The search box's hits, or the pages of the results page that have arrived.
        const hits = cachedSearchHits(data);
        if (hits) answers.searches.push({ key, data: hits, receivedAt });
        break;
      }
      case nearbyPropertiesKeys.all[0]:
        if (Array.isArray(data)) answers.nearby.push(answer);
        break;
      case propertiesByDepartmentKeys.all[0]:
        if (Array.isArray(data)) answers.departmentLists.push(answer);
        break;
      case propertyKeys.all[0]:
        if (Array.isArray((data as PropertyDetail).vurderinger)) answers.details.push(answer);
        break;
      case departmentsKeys.all[0]:
        if (Array.isArray(data)) answers.departments.push(answer);
        break;
    }
  }
  return answers;
}

/**
 * Which organization each known department belongs to: the organizations' department lists on
 * the device and the departments taken along. A department found in neither is searched: a list
 * or residence of it is on the device, and nothing says it is another organization's.
 */
function departmentOwners(departments: CachedAnswer<Department[]>[], registry: DeviceSearch['registry']) {
  const owners = new Map<string, string>();
  for (const { key, data } of departments) {
    if (typeof key[1] !== 'string') continue;
    for (const department of data) owners.set(department.departmentId, key[1]);
  }
  for (const department of Object.values(registry.departments))
    owners.set(department.id, department.organizationId);
  return owners;
}

/**
 * The organization's residences as the answers on the device hold them. An earlier search's hits
 * carry its key: the server found them by it, the town included.
 */
function deviceEntries(queryClient: QueryClient, organizationId: string, registry: DeviceSearch['registry']) {
  const answers = cachedAnswers(queryClient);
  const owners = departmentOwners(answers.departments, registry);
  const inOrganization = (departmentId: unknown) =>
    typeof departmentId === 'string' && (owners.get(departmentId) ?? organizationId) === organizationId;
  const entries: Entry[] = [];
  for (const { key, data, receivedAt } of answers.searches) {
    if (key[1] !== organizationId || typeof key[2] !== 'string') continue;
    const matchedKeys = [searchKey(key[2])];
    for (const row of data) entries.push({ kind: 'row', row, receivedAt, matchedKeys });
  }
  for (const { key, data, receivedAt } of answers.nearby) {
    if (key[1] !== organizationId) continue;
    for (const row of data) entries.push({ kind: 'row', row, receivedAt });
  }
  for (const { key, data, receivedAt } of answers.departmentLists) {
    if (!inOrganization(key[1])) continue;
    for (const row of data) entries.push({ kind: 'row', row, receivedAt });
  }
  for (const { data: property, receivedAt } of answers.details) {
    if (inOrganization(property.departmentId)) entries.push({ kind: 'detail', property, receivedAt });
  }
  return entries;
}

/**
 * A residence the device holds as its detail (getproperty, taken along or opened): its address
 * line and one row per assessment, newest first as the server lists them, with the status fields
 * of its assessments' list when that is on the device too (an assessment started offline is
 * there, docs/architecture.md 4 "Offline start"). The copy is as new as the newer of the two.
 */
function detailCopies(queryClient: QueryClient, property: PropertyDetail, receivedAt: number): Copy[] {
  const locationKey = locationKeyOf(property, property.beliggenhed);
  const address = {
    residenceId: property.id,
    ...addressPartsOf(property.beliggenhed),
    location: property.beliggenhed,
  };
  if (property.vurderinger.length === 0) {
    const row: PropertySearchResult = {
      ...address,
      assessmentStatus: 'notStarted',
      isCalculated: false,
      futureApprovedDate: NO_DATE,
    };
    return [{ row, receivedAt, locationKey }];
  }
  const located = queryClient.getQueryState<AssessmentListEntry[]>(
    locatedAssessmentsQueryOptions(residenceAssessmentRefs(property)).queryKey,
  );
  const at = Math.max(receivedAt, located?.dataUpdatedAt ?? 0);
  const rows: PropertySearchResult[] =
    located?.data && located.data.length > 0
      ? [...located.data]
          .sort(
            (a, b) =>
              b.createdAt.localeCompare(a.createdAt) ||
              (a.assessmentId < b.assessmentId ? 1 : a.assessmentId > b.assessmentId ? -1 : 0),
          )
          .map((entry) => ({
            ...address,
            assessmentStatus: entry.assessmentStatus,
            isCalculated: entry.isCalculated,
            futureApprovedDate: entry.futureApprovedDate,
          }))
      : property.vurderinger.map((assessment) => ({
          ...address,
          assessmentStatus: assessment.vurderingsStatus as PropertySearchResult['assessmentStatus'],
          isCalculated: false,
          futureApprovedDate: NO_DATE,
        }));
  return rows.map((row) => ({ row, receivedAt: at, locationKey }));
}

/**
 * The hits of `query` among the residences on the device, in the shape the server's search
 * answers (PropertySearchResult), in its order. A query shorter than the server takes finds
 * nothing.
 *
 * Found first, then made: each residence's copies go to the rule (its newest counts, and a
 * department list names it once per assessment), but only for residences that some copy of
 * matches, so a detail's assessments' list and address parts are read for hits only.
 */
export function searchDevice(queryClient: QueryClient, search: DeviceSearch): PropertySearchResult[] {
  const key = searchKey(search.query);
  if (search.query.trim().length < MIN_SEARCH_LENGTH || key === '') return [];
  const entries = deviceEntries(queryClient, search.organizationId, search.registry);
  const residenceOf = (entry: Entry) =>
    entry.kind === 'row' ? deviceResidenceKey(entry.row) : entry.property.id;
  const found = new Set<string>();
  for (const entry of entries) {
    const location = entry.kind === 'row' ? entry.row.location : entry.property.beliggenhed;
    const locationKey = locationKeyOf(entry.kind === 'row' ? entry.row : entry.property, location);
    const matchedKeys = entry.kind === 'row' ? entry.matchedKeys : undefined;
    if (copyMatches(key, { row: { location }, locationKey, matchedKeys })) found.add(residenceOf(entry));
  }
  const copies: Copy[] = [];
  for (const entry of entries) {
    if (!found.has(residenceOf(entry))) continue;
    if (entry.kind === 'detail') copies.push(...detailCopies(queryClient, entry.property, entry.receivedAt));
    else
      copies.push({
        row: hitOf(entry.row),
        receivedAt: entry.receivedAt,
        matchedKeys: entry.matchedKeys,
        locationKey: locationKeyOf(entry.row, entry.row.location),
      });
  }
  return searchOnDevice(search.query, copies, search.size, search.now);
}

/**
 * The device's hits for the search box and the results page offline; undefined without an
 * organization (the caller searches the server then). Read when the query changes: offline
 * nothing new arrives from the server meanwhile.
 */
export function useDeviceSearch(
  organizationId: string | undefined,
  query: string,
  size: number,
): PropertySearchResult[] | undefined {
  const queryClient = useQueryClient();
  const registry = useOfflineRegistry();
  return useMemo(
    () =>
      organizationId === undefined
        ? undefined
        : searchDevice(queryClient, { organizationId, query, size, registry }),
    [queryClient, organizationId, query, size, registry],
  );
}
