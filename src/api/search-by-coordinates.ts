import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PropertySearchResult } from '../../shared/contract/dto';
import { apiRequest } from './http';
import { withResidenceId } from '../../shared/rules/location';
import type { Coordinates } from '../domain/coordinates';

export const nearbyPropertiesKeys = { all: ['nearbyProperties'] as const };

export const nearbyPropertiesQueryOptions = (organizationId: string, at: Coordinates) =>
  queryOptions({
    // Rounded to ~10 m so a jittering position does not refetch the same list.
    queryKey: [...nearbyPropertiesKeys.all, organizationId, at.latitude.toFixed(4), at.longitude.toFixed(4)],
    queryFn: async ({ signal }) =>
      (
        await apiRequest<PropertySearchResult[]>('/api/v2/properties/searchbycoordinates', {
          query: { latitude: at.latitude, longitude: at.longitude, organizationId },
          signal,
        })
      ).map(withResidenceId),
  });

export function useNearbyProperties(organizationId: string | undefined, at: Coordinates | null) {
  return useQuery({
    ...nearbyPropertiesQueryOptions(organizationId ?? '', at ?? { latitude: 0, longitude: 0 }),
    enabled: !!organizationId && at !== null,
  });
}
