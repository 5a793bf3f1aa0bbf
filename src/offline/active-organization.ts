import { organizationCookies, type ActiveOrganization } from './cookies';
import { createListeners } from '../lib/listeners';

/** The active organization: kept in cookies for 7 days (docs/product.md 9), observable. */

const listeners = createListeners();
let snapshot: ActiveOrganization | null = null;

export const activeOrganization = {
  /** A stable object while the cookies say the same (useSyncExternalStore needs that). */
  get(): ActiveOrganization | null {
    const current = organizationCookies.read();
    if (snapshot?.id !== current?.id || snapshot?.name !== current?.name) snapshot = current;
    return snapshot;
  },
  set(organization: ActiveOrganization): void {
    organizationCookies.write(organization);
    listeners.emit();
  },
  clear(): void {
    organizationCookies.clear();
    listeners.emit();
  },
  subscribe(listener: () => void): () => void {
    return listeners.subscribe(listener);
  },
};
