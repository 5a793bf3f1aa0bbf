import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { CopyProgressMessage, FinishProgressMessage, JobKind } from '../../../shared/contract/dto';

/**
 * The seam between the job workers and the hub (docs/architecture.md 4 and 5): a worker
 * publishes one event per finished item; the hub delivers it to every connection of the job's
 * user, while that user may still see the job's organization (hub/progress-delivery.ts), as
 * the invocation `CopyAssessment` or `FinishAssessment` with `(jobId, JSON payload)`.
 * In one process (PGlite) events travel in memory; with a PostgreSQL server they fan out to
 * every process through LISTEN/NOTIFY (an implementation of this same interface).
 */
export type JobProgressEvent =
  | { kind: 'copy'; userId: string; organizationId: string; jobId: string; payload: CopyProgressMessage }
  | { kind: 'finish'; userId: string; organizationId: string; jobId: string; payload: FinishProgressMessage };

export interface JobEvents {
  publish(event: JobProgressEvent): Promise<void>;
  /** Returns the unsubscribe function. */
  subscribe(listener: (event: JobProgressEvent) => void): () => void;
  close(): Promise<void>;
}

/** The hub method a job kind is delivered as (docs/api.md "The hub"). */
export const HUB_METHOD: Readonly<Record<JobKind, string>> = {
  copy: 'CopyAssessment',
  finish: 'FinishAssessment',
};

export function createInProcessJobEvents(): JobEvents {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    async publish(event) {
      emitter.emit('progress', event);
    },
    subscribe(listener) {
      emitter.on('progress', listener);
      return () => emitter.off('progress', listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

/** The LISTEN/NOTIFY channel of progress events between server processes. */
export const JOB_EVENTS_CHANNEL = 'bt_job_progress';
/** NOTIFY payloads must stay below 8000 bytes; progress messages are far smaller. */
const MAX_NOTIFY_BYTES = 7900;

export interface PgJobEventsOptions {
  connectionString: string;
  /** Connection errors of the listening connection (it reconnects by itself). */
  onError?: (error: unknown) => void;
  /** Delay before reconnecting the listening connection (ms). */
  reconnectMs?: number;
}

/**
 * Progress events across server processes on one PostgreSQL: publish is a NOTIFY on
 * JOB_EVENTS_CHANNEL; one dedicated connection LISTENs and hands every notification (its own
 * process's too) to the subscribers. A dropped connection is re-established; events sent
 * while it is down are missed, which clients survive by re-reading GET /api/v2/jobs/{jobId}.
 */
export async function createPgJobEvents(options: PgJobEventsOptions): Promise<JobEvents> {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const reconnectMs = options.reconnectMs ?? 1000;
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: options.connectionString });
    c.on('notification', (message) => {
      if (message.channel !== JOB_EVENTS_CHANNEL || !message.payload) return;
      try {
        emitter.emit('progress', JSON.parse(message.payload) as JobProgressEvent);
      } catch (error) {
        options.onError?.(error);
      }
    });
    c.on('error', (error) => {
      options.onError?.(error);
      drop(c);
    });
    c.on('end', () => drop(c));
    await c.connect();
    await c.query(`LISTEN ${JOB_EVENTS_CHANNEL}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
  };
  const scheduleReconnect = () => {
    if (closed || timer) return;
    timer = setTimeout(() => {
      timer = null;
      connect().catch((error: unknown) => {
        options.onError?.(error);
        scheduleReconnect();
      });
    }, reconnectMs);
  };
  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    c.end().catch(() => {});
    scheduleReconnect();
  };

  await connect();
  return {
    async publish(event) {
      const text = JSON.stringify(event);
      if (Buffer.byteLength(text) > MAX_NOTIFY_BYTES) {
        throw new Error(`Progress event of job ${event.jobId} is too large for NOTIFY`);
      }
      if (!client) throw new Error('The progress channel is not connected');
      await client.query('SELECT pg_notify($1, $2)', [JOB_EVENTS_CHANNEL, text]);
    },
    subscribe(listener) {
      emitter.on('progress', listener);
      return () => emitter.off('progress', listener);
    },
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      emitter.removeAllListeners();
      const c = client;
      client = null;
      await c?.end();
    },
  };
}
