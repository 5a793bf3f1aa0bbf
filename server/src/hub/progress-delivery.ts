import type { FastifyBaseLogger } from 'fastify';
import type { JobEvents } from '../jobs/job-events';
import type { HubConnection } from './connection';
import type { Hub } from './hub';
import type { JobAudience } from './job-audience';

export interface ProgressDeliveryOptions {
  /** The job progress to deliver (`app.jobEvents`: in memory, or LISTEN/NOTIFY on PostgreSQL). */
  jobEvents: JobEvents;
  /** Whether the job's user may still follow it (job-audience.ts); asked before every delivery. */
  audience: JobAudience;
  /** Whether a sign-in session is still live (auth/sessions.ts): a logged-out one hears nothing. */
  sessionIsLive: (sessionId: string) => Promise<boolean>;
}

/**
 * Delivers job progress to every connection of the job's user while that user may still see
 * the job's organization (docs/architecture.md 4 "Hub",
 * "Delivery by user"). Returns the
 * unsubscribe function.
 */
export function deliverJobProgress(
  hub: Hub,
  log: FastifyBaseLogger,
  options: ProgressDeliveryOptions,
): () => void {
  // One chain per user keeps each user's events in the order they were published while the
  // audience check (a database read at most once a second) runs in between.
  const deliveries = new Map<string, Promise<void>>();
  const unsubscribe = options.jobEvents.subscribe((event) => {
    if (hub.connectionsOf(event.userId).length === 0) return;
    const next = (deliveries.get(event.userId) ?? Promise.resolve())
      .then(async () => {
        if (!(await options.audience(event.userId, event.organizationId))) return;
        hub.deliver(event, await liveConnections(event.userId));
      })
      .then(
        () => undefined,
        (error: unknown) => log.warn({ err: error, jobId: event.jobId }, 'job progress not delivered'),
      );
    deliveries.set(event.userId, next);
    void next.finally(() => {
      if (deliveries.get(event.userId) === next) deliveries.delete(event.userId);
    });
  });
  /**
   * The user's connections whose sign-in session is live. One opened before a logout would
   * otherwise go on hearing until it reconnects: it is closed, without reconnect
   * (docs/architecture.md "Sessions and revocation").
   */
  async function liveConnections(userId: string): Promise<HubConnection[]> {
    const live: HubConnection[] = [];
    for (const connection of hub.connectionsOf(userId)) {
      if (connection.sessionId === undefined || (await options.sessionIsLive(connection.sessionId))) {
        live.push(connection);
      } else {
        connection.close({ error: 'Session ended: sign in again' });
      }
    }
    return live;
  }
  return unsubscribe;
}
