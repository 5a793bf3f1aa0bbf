import type { DeviceStorage } from '../../domain/save-status';
import type { DeviceOutbox } from '../../offline/device-outbox';
import type { OutboxSnapshot } from '../../offline/outbox';

/**
 * What the form needs of the outbox (docs/architecture.md 2). The route composes it from the
 * outbox feature's useOutbox(): features never import each other (docs/architecture.md 7).
 */
export interface FormOutbox {
  /** The outbox in the device's database, which answers are enqueued in (durably). */
  store: DeviceOutbox;
  /** The signed-in author; without one nothing is enqueued. */
  ssoUuid: string | undefined;
  /** Live: the author's pending, in-flight and parked entries. */
  snapshot: OutboxSnapshot;
  /** Whether the browser lets us store anything on the device. */
  storage: DeviceStorage;
  /** Sends what is due (never rejects); offline it asks for Background Sync. */
  send: () => Promise<void>;
}
