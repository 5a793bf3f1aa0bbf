import { organizationCookies, type ActiveOrganization } from './cookies';

/** The active organization: kept in cookies for 7 days (docs/product.md 9), observable. */

const listeners = new Set<() => void>();
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
    listeners.forEach((l) => l());
  },
  clear(): void {
    organizationCookies.clear();
    listeners.forEach((l) => l());
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
