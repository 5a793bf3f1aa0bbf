import { randomBytes } from 'node:crypto';
import { HUB_METHOD, type JobProgressEvent } from '../jobs/job-events';
import { HubConnection, type CloseOptions } from './connection';
import { invocation } from './protocol';

export interface HubTimings {
  /** Most live connections one user may hold (tabs × reconnects); more is 429 on negotiate. */
  maxConnectionsPerUser: number;
  /** A ping when nothing was sent for this long (WebSocket, SSE). */
  keepAliveMs: number;
  /** Close a WebSocket or SSE connection whose client was silent this long (it pings every 15 s). */
  clientTimeoutMs: number;
  /** Close a connection whose transport came but whose handshake did not. */
  handshakeTimeoutMs: number;
  /** Drop a negotiated connection that never attached a transport (the client fell back). */
  attachTimeoutMs: number;
  /** Hold a long poll this long, then answer 200 empty (the client aborts its polls at 100 s). */
  pollTimeoutMs: number;
  /** Reap a long-polling connection when no poll arrived for this long. */
  pollGraceMs: number;
  /** How often the timers above are checked. */
  sweepIntervalMs: number;
}

export const DEFAULT_HUB_TIMINGS: HubTimings = {
  maxConnectionsPerUser: 20,
  keepAliveMs: 15_000,
  clientTimeoutMs: 30_000,
  handshakeTimeoutMs: 15_000,
  attachTimeoutMs: 15_000,
  pollTimeoutMs: 90_000,
  pollGraceMs: 15_000,
  sweepIntervalMs: 1_000,
};

/** URL-safe (the client puts it in URLs unencoded): 16 random bytes as base64url. */
const newId = () => randomBytes(16).toString('base64url');

/**
 * The registry of live connections, by secret connection token and by user, and the delivery
 * of job progress: every handshaken connection of the event's user gets the invocation, so
 * every tab of that user sees its jobs.
 */
export class Hub {
  readonly timings: HubTimings;
  /** Long-poll requests whose handler is waiting for its poll to settle (index.ts). */
  waitingPolls = 0;
  private readonly byToken = new Map<string, HubConnection>();
  private readonly byUser = new Map<string, Set<HubConnection>>();
  private sweeper: NodeJS.Timeout | null = null;

  constructor(timings: Partial<HubTimings> = {}) {
    this.timings = { ...DEFAULT_HUB_TIMINGS, ...timings };
  }

  start(): void {
    if (this.sweeper) return;
    this.sweeper = setInterval(() => this.sweep(Date.now()), this.timings.sweepIntervalMs);
    this.sweeper.unref();
  }

  stop(): void {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  /** A new connection for negotiate, or null when the user is at the limit. */
  create(userId: string, sessionId?: string): HubConnection | null {
    const mine = this.byUser.get(userId);
    if (mine && mine.size >= this.timings.maxConnectionsPerUser) return null;
    const connection = new HubConnection(
      newId(),
      newId(),
      userId,
      this.timings.pollTimeoutMs,
      (closed) => this.closed(closed),
      Date.now(),
      sessionId,
    );
    this.byToken.set(connection.connectionToken, connection);
    if (mine) mine.add(connection);
    else this.byUser.set(userId, new Set([connection]));
    return connection;
  }

  get(connectionToken: string): HubConnection | undefined {
    return this.byToken.get(connectionToken);
  }

  /** Forgets a connection at once (long polling's DELETE). */
  remove(connection: HubConnection): void {
    connection.close({ silent: true });
    this.byToken.delete(connection.connectionToken);
  }

  /** Sends the event to every connection of its user, or to `to` (some of them) when given. */
  deliver(event: JobProgressEvent, to?: readonly HubConnection[]): void {
    const connections = to ?? this.byUser.get(event.userId);
    if (!connections) return;
    const records = invocation(HUB_METHOD[event.kind], [event.jobId, JSON.stringify(event.payload)]);
    for (const connection of connections) connection.send(records);
  }

  /** Live connections of a user. */
  connectionsOf(userId: string): HubConnection[] {
    return [...(this.byUser.get(userId) ?? [])];
  }

  get size(): number {
    let count = 0;
    for (const connections of this.byUser.values()) count += connections.size;
    return count;
  }

  /** Live connections by transport ('none': negotiated, no transport attached yet). */
  byTransport(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const connections of this.byUser.values()) {
      for (const connection of connections) {
        const transport = connection.transport ?? 'none';
        counts.set(transport, (counts.get(transport) ?? 0) + 1);
      }
    }
    return counts;
  }

  /** Closes every connection of a user (e.g. with `allowReconnect`, or abruptly in tests). */
  closeUser(userId: string, options: CloseOptions = {}): void {
    for (const connection of this.connectionsOf(userId)) connection.close(options);
  }

  closeAll(options: CloseOptions = {}): void {
    for (const connections of [...this.byUser.values()]) {
      for (const connection of [...connections]) connection.close(options);
    }
  }

  /** Keep-alive pings and reaping; runs on a timer, public for tests. */
  sweep(now: number): void {
    const t = this.timings;
    for (const connection of [...this.byToken.values()]) {
      if (connection.closed) {
        // A closed long-polling connection answers its next poll 204 until the grace ends.
        if (!connection.hasPendingPoll && now - connection.closedAt >= t.pollGraceMs) {
          this.byToken.delete(connection.connectionToken);
        }
        continue;
      }
      if (connection.transport === null) {
        if (now - connection.createdAt >= t.attachTimeoutMs) this.remove(connection);
        continue;
      }
      if (!connection.handshaken && now - connection.attachedAt >= t.handshakeTimeoutMs) {
        connection.close({ error: 'Handshake was canceled.' });
        continue;
      }
      if (connection.transport === 'LongPolling') {
        if (!connection.hasPendingPoll && now - connection.lastPollEndedAt >= t.pollGraceMs) {
          this.remove(connection);
        }
        continue;
      }
      if (now - connection.lastClientAt >= t.clientTimeoutMs) {
        connection.close({ error: 'Client timeout elapsed without a message from the client.' });
        continue;
      }
      connection.pingIfIdle(now, t.keepAliveMs);
    }
  }

  private closed(connection: HubConnection): void {
    const mine = this.byUser.get(connection.userId);
    mine?.delete(connection);
    if (mine?.size === 0) this.byUser.delete(connection.userId);
    if (connection.transport !== 'LongPolling') this.byToken.delete(connection.connectionToken);
  }
}
