import { featureFlags } from '../lib/feature-flags';

/**
 * flag-api_version picks the v1 or v2 variants of the calls that have both (docs/product.md 3):
 * 1 (the default) uses v1 throughout; 1.5 reads properties through v2 but still creates and
 * abandons through v1; 2 uses v2 throughout.
 */
export function propertyApiVersion(): 'v1' | 'v2' {
  return featureFlags().apiVersion >= 1.5 ? 'v2' : 'v1';
}

export function assessmentMutationApiVersion(): 'v1' | 'v2' {
  return featureFlags().apiVersion === 2 ? 'v2' : 'v1';
}
