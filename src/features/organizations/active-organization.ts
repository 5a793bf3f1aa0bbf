import { useSyncExternalStore } from 'react';
import { activeOrganization } from '../../offline/active-organization';
import type { ActiveOrganization } from '../../offline/cookies';

export function useActiveOrganization(): ActiveOrganization | null {
  return useSyncExternalStore(activeOrganization.subscribe, activeOrganization.get);
}
