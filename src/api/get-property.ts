import { queryOptions } from '@tanstack/react-query';
import { propertyApiVersion } from './api-version';
import type { PropertyDetail } from '../../shared/contract/dto';
import { apiRequest } from './http';
import { normalizeLegacyStatus } from '../../shared/rules/statuses';

export const propertyKeys = { all: ['property'] as const };

export const propertyQueryOptions = (propertyId: string) =>
  queryOptions({
    queryKey: [...propertyKeys.all, propertyId],
    queryFn: async ({ signal }) => {
      const detail = await apiRequest<PropertyDetail>(`/api/${propertyApiVersion()}/properties/getproperty`, {
        query: { propertyId },
        signal,
      });
      // v1 answers the legacy statuses klar and kladde (docs/product.md 3).
      return {
        ...detail,
        vurderinger: detail.vurderinger.map((v) => ({
          ...v,
          vurderingsStatus: normalizeLegacyStatus(v.vurderingsStatus),
        })),
      };
    },
  });
