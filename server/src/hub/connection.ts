import {
  closeMessage,
  completionError,
  HANDSHAKE_OK,
  parseHandshake,
  parseMessage,
  PING,
  splitRecords,
} from './protocol';

/** An unfinished client record is kept up to this many characters (ASP.NET: 32 KiB messages). */
const MAX_PARTIAL_RECORD = 64 * 1024;

export type TransportKind = 'WebSockets' | 'ServerSentEvents' | 'LongPolling';

/** Where a streaming transport (WebSocket, SSE) writes; long polling queues instead. */
export interface StreamSink {
  /** Writes whole RS-terminated records. */
  write(records: string): void;
  /** Ends the transport; `abrupt` drops it without a clean close. */
  end(abrupt: boolean): void;
}

export interface PollResult {
  status: 200 | 204;
  body: string;
}

interface PendingPoll {
  resolve(result: PollResult): void;
  timer: NodeJS.Timeout;
}

export interface CloseOptions {
  /** Sent in the Close message (only after a successful handshake). */
  error?: string;
  /** Close with `allowReconnect: true`: the client's automatic reconnect takes over. */
  allowReconnect?: boolean;
  /** No Close message (the client asked to close, or the handshake failed). */
  silent?: boolean;
  /** No Close message and no clean close: the transport just drops (tests; a dead peer). */
  abrupt?: boolean;
}

/**
 * One negotiated SignalR connection (docs/api.md "The hub"): created by
 * negotiate, attached to exactly one transport, handshaken, then fed server→client records
 * until it is closed. Transport-agnostic: the transports call `receive`, `attachStream`,
 * `poll` and `transportEnded`.
 */
export class HubConnection {
  transport: TransportKind | null = null;
  handshaken = false;
  closed = false;
  readonly createdAt: number;
  attachedAt = 0;
  /** Last record from the client (WebSocket, SSE: pings arrive about every 15 s). */
  lastClientAt: number;
  /** Last record to the client, for the keep-alive ping. */
  lastSentAt: number;
  /** Long polling: the end of the last poll, for reaping a client that stopped polling. */
  lastPollEndedAt: number;
  closedAt = 0;

  private sink: StreamSink | null = null;
  private incoming = '';
  private queue: string[] = [];
  private pendingPoll: PendingPoll | null = null;
  private polled = false;

  constructor(
    readonly connectionId: string,
    readonly connectionToken: string,
    readonly userId: string,
    private readonly pollTimeoutMs: number,
    private readonly onClosed: (connection: HubConnection) => void,
    now = Date.now(),
    /** The sign-in session of the token that negotiated it: logout ends the connection too. */
    readonly sessionId?: string,
  ) {
    this.createdAt = now;
    this.lastClientAt = now;
    this.lastSentAt = now;
    this.lastPollEndedAt = now;
  }

  /** The first WebSocket or SSE request of this connection; false when one is attached. */
  attachStream(kind: 'WebSockets' | 'ServerSentEvents', sink: StreamSink): boolean {
    if (this.transport !== null || this.closed) return false;
    this.transport = kind;
    this.sink = sink;
    this.attachedAt = this.lastClientAt = Date.now();
    return true;
  }

  /**
   * A long poll. The first one answers at once with an empty 200 (the client's start waits on
   * it); later ones answer with queued records, or are held until some arrive, the poll
   * timeout passes (200 empty) or the connection closes (204). `cancel` is for a client that
   * went away from its held poll: the poll settles at once as a 200 empty (nothing is lost,
   * since a poll is only held while the queue is empty), so the request handler awaiting
   * `result` ends instead of waiting forever.
   */
  poll(): { result: Promise<PollResult>; cancel(): void } {
    const now = Date.now();
    const done = (result: PollResult) => ({ result: Promise.resolve(this.endPoll(result)), cancel() {} });
    if (this.transport === null) {
      this.transport = 'LongPolling';
      this.attachedAt = now;
    }
    if (this.closed) return done(this.drainForClosed());
    if (!this.polled) {
      this.polled = true;
      return done({ status: 200, body: '' });
    }
    if (this.queue.length > 0) return done({ status: 200, body: this.takeQueue() });
    // A newer poll replaces an older one still held (its request was probably lost).
    this.finishPendingPoll({ status: 200, body: '' });
    let pending: PendingPoll | null = null;
    const result = new Promise<PollResult>((resolve) => {
      const timer = setTimeout(() => this.finishPendingPoll({ status: 200, body: '' }), this.pollTimeoutMs);
      pending = { resolve, timer };
      this.pendingPoll = pending;
    });
    return {
      result,
      cancel: () => {
        if (pending !== null && this.pendingPoll === pending)
          this.finishPendingPoll({ status: 200, body: '' });
      },
    };
  }

  get hasPendingPoll(): boolean {
    return this.pendingPoll !== null;
  }

  /** Client→server text: a WebSocket frame or a POST body (one or more records). */
  receive(text: string): void {
    if (this.closed) return;
    this.lastClientAt = Date.now();
    const { records, rest } = splitRecords(this.incoming + text);
    if (rest.length > MAX_PARTIAL_RECORD) {
      this.close({ error: 'Message is too large.' });
      return;
    }
    this.incoming = rest;
    for (const record of records) {
      if (this.closed) return;
      if (!this.handshaken) {
        const result = parseHandshake(record);
        if (!result.ok) {
          this.write(`{"error":${JSON.stringify(result.error)}}\u001e`);
          this.close({ silent: true });
          return;
        }
        this.handshaken = true;
        this.write(HANDSHAKE_OK);
        continue;
      }
      const message = parseMessage(record);
      switch (message.type) {
        case 'ping':
        case 'ignored':
          break;
        case 'close':
          this.close({ silent: true });
          return;
        case 'invocation':
          // This hub has no client-callable methods; answer only when an answer is awaited.
          if (message.invocationId) {
            this.write(completionError(message.invocationId, `Unknown hub method '${message.target}'`));
          }
          break;
        case 'invalid':
          this.close({ error: message.error });
          return;
      }
    }
  }

  /** Sends records once the handshake is done; anything earlier would break the client. */
  send(records: string): void {
    if (this.handshaken && !this.closed) this.write(records);
  }

  /** Keep-alive for WebSocket and SSE; long polling has its own. */
  pingIfIdle(now: number, keepAliveMs: number): void {
    if (this.handshaken && this.sink && now - this.lastSentAt >= keepAliveMs) this.write(PING);
  }

  /** The WebSocket closed or the SSE request ended. */
  transportEnded(): void {
    this.sink = null;
    this.close({ silent: true });
  }

  close(options: CloseOptions = {}): void {
    if (this.closed) return;
    if (this.handshaken && !options.silent && !options.abrupt) {
      this.write(closeMessage(options.error, options.allowReconnect));
    }
    this.closed = true;
    this.closedAt = Date.now();
    if (this.sink) {
      const sink = this.sink;
      this.sink = null;
      sink.end(options.abrupt ?? false);
    }
    // Long polling: the held poll gets what is left (e.g. the Close message) or 204.
    if (this.pendingPoll) this.finishPendingPoll(this.drainForClosed());
    this.onClosed(this);
  }

  private write(records: string): void {
    this.lastSentAt = Date.now();
    if (this.sink) {
      this.sink.write(records);
      return;
    }
    if (this.transport === 'WebSockets' || this.transport === 'ServerSentEvents') return;
    this.queue.push(records);
    if (this.pendingPoll) this.finishPendingPoll({ status: 200, body: this.takeQueue() });
  }

  private drainForClosed(): PollResult {
    return this.queue.length > 0 ? { status: 200, body: this.takeQueue() } : { status: 204, body: '' };
  }

  private takeQueue(): string {
    const body = this.queue.join('');
    this.queue = [];
    return body;
  }

  private finishPendingPoll(result: PollResult): void {
    const pending = this.pendingPoll;
    if (!pending) return;
    clearTimeout(pending.timer);
    this.pendingPoll = null;
    pending.resolve(this.endPoll(result));
  }

  private endPoll(result: PollResult): PollResult {
    this.lastPollEndedAt = Date.now();
    return result;
  }
}
