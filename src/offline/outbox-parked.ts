import { ANSWER_CHANGED_SINCE } from '../../shared/contract/dto';
import type { AppDatabase, OutboxEntry, OutboxRecord } from './db';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { hasNewerEdit, UNTRIED } from './outbox-entry-state';
import { withReopen } from './outbox-reopen';

/**
 * The ways out of a parked entry (docs/architecture.md 2, "Outbox rules"): the user discards it,
 * or keeps an answer a newer one on the server outdated. Nothing else removes an entry the
 * server has not taken.
 */

/** Discards a parked entry (after the user confirmed). Pending ones cannot be discarded. */
export async function discardParked(db: AppDatabase, id: number): Promise<boolean> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, db.photos, async () => {
      const entry = await db.outbox.get(id);
      if (entry?.state !== 'parked') return false;
      await db.outbox.delete(id);
      // A photo discarded: its bytes go with it.
      if (entry.kind === 'photo') await db.photos.delete(entry.photoId);
      // A create discarded: its assessment will never exist, so what waits for it goes with it.
      if (entry.kind === 'create') {
        const waiting = await db.outbox
          .where('ssoUuid')
          .equals(entry.ssoUuid)
          .filter((other) => other.assessmentId === entry.assessmentId && other.state !== 'inflight')
          .toArray();
        await db.outbox.bulkDelete(waiting.map((other) => other.id));
        const photos = waiting.flatMap((other) => (other.kind === 'photo' ? [other.photoId] : []));
        await db.photos.bulkDelete(photos);
      }
      return true;
    }),
  );
}

/**
 * The user keeps their answer over the newer one on the server (a parked ANSWER_CHANGED_SINCE):
 * the entry is sent again as given now, so the server takes it. When a newer edit of the
 * question waits already, that one carries the whole answer and the parked one just goes.
 */
export async function keepParkedAnswer(db: AppDatabase, id: number): Promise<boolean> {
  return withReopen(db, () =>
    db.transaction('rw', db.outbox, async () => {
      const entry = await db.outbox.get(id);
      if (entry?.kind !== 'answer' || entry.state !== 'parked' || entry.parkedCode !== ANSWER_CHANGED_SINCE) {
        return false;
      }
      if (await hasNewerEdit(db, entry)) {
        await db.outbox.delete(id);
        return true;
      }
      const now = Date.now();
      const kept: OutboxEntry = {
        ...entry,
        ...UNTRIED,
        answeredAt: now,
        idempotencyKey: newIdempotencyKey(),
        updatedAt: now,
      };
      await db.outbox.put(kept);
      return true;
    }),
  );
}

/** The two ways out of a parked answer that a newer one on the server outdated. */
export interface ChangedSinceChoice {
  /** Send this device's answer again, as given now: it overwrites the newer one. */
  keepMine: () => Promise<unknown>;
  /** Drop this device's answer: the newer one stays. */
  takeNewest: () => Promise<unknown>;
}

/**
 * The choice an entry parked with ANSWER_CHANGED_SINCE offers, for the form and the outbox list
 * alike; undefined for any other entry. `send` drains the outbox after "keep mine".
 */
export function changedSinceChoice(
  db: AppDatabase,
  entry: OutboxRecord,
  send: () => Promise<unknown>,
): ChangedSinceChoice | undefined {
  if (entry.state !== 'parked' || entry.parkedCode !== ANSWER_CHANGED_SINCE) return undefined;
  return {
    keepMine: async () => {
      if (await keepParkedAnswer(db, entry.id)) await send();
    },
    takeNewest: () => discardParked(db, entry.id),
  };
}
