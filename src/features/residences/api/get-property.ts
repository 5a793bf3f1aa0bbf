import { queryOptions, useQuery } from '@tanstack/react-query';
import { propertyApiVersion } from '../../../api/api-version';
import type { PropertyDetail } from '../../../api/dto';
import { apiRequest } from '../../../api/http';
import { normalizeLegacyStatus } from '../../../domain/statuses';

export const propertyQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: ['property', propertyId],
    queryFn: async ({ signal }) => {
      const detail = await apiRequest<PropertyDetail>(`/api/${propertyApiVersion()}/properties/getproperty`, {
        query: { propertyId },
        signal,
      });
      // v1 answers the legacy statuses klar and kladde (spec 3).
      return {
        ...detail,
        vurderinger: detail.vurderinger.map((v) => ({
          ...v,
          vurderingsStatus: normalizeLegacyStatus(v.vurderingsStatus),
        })),
      };
    },
  });

export function useProperty(propertyId: string) {
  return useQuery(propertyQueryOptions(propertyId));
}
