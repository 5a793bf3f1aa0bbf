/**
 * The SignalR JSON hub protocol as the `@microsoft/signalr` client speaks it
 * (docs/api.md "The hub"): UTF-8 JSON records, each ended by the record
 * separator 0x1E; a handshake first, then typed messages. Pure functions, no I/O.
 */

/** The record separator that ends every JSON record, the handshake included. */
export const RS = '\u001e';

export const MessageType = {
  Invocation: 1,
  StreamItem: 2,
  Completion: 3,
  StreamInvocation: 4,
  CancelInvocation: 5,
  Ping: 6,
  Close: 7,
} as const;

/** One JSON value framed as a record. */
export function frame(message: object): string {
  return JSON.stringify(message) + RS;
}

/** The successful handshake response: `{}` + RS, and never a `type`. */
export const HANDSHAKE_OK = frame({});

/** A ping, both ways: exactly `{"type":6}` + RS. */
export const PING = frame({ type: MessageType.Ping });

/** A fire-and-forget server→client invocation: no `invocationId` key at all (never null). */
export function invocation(target: string, args: unknown[]): string {
  return frame({ type: MessageType.Invocation, target, arguments: args });
}

/** Close; with `allowReconnect` the client's automatic reconnect takes over. */
export function closeMessage(error?: string, allowReconnect = false): string {
  const message: { type: number; error?: string; allowReconnect?: boolean } = { type: MessageType.Close };
  if (error) message.error = error;
  if (allowReconnect) message.allowReconnect = true;
  return frame(message);
}

/** The answer to a client invocation we have no method for (only when it wants an answer). */
export function completionError(invocationId: string, error: string): string {
  return frame({ type: MessageType.Completion, invocationId, error });
}

/**
 * Splits received text into whole records. Text after the last separator is an incomplete
 * record and is returned as `rest`, to be prefixed to the next chunk (a WebSocket frame or a
 * POST body should hold only whole records, but a robust reader does not count on it).
 */
export function splitRecords(text: string): { records: string[]; rest: string } {
  const parts = text.split(RS);
  const rest = parts.pop()!;
  return { records: parts, rest };
}

export type HandshakeResult = { ok: true } | { ok: false; error: string };

/** Checks a handshake request record (without its separator): JSON protocol, version 1. */
export function parseHandshake(record: string): HandshakeResult {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake request is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, error: 'Handshake request is not a JSON object.' };
  }
  const { protocol, version } = value as { protocol?: unknown; version?: unknown };
  if (typeof protocol !== 'string' || typeof version !== 'number') {
    return { ok: false, error: 'Handshake request is missing the protocol or version.' };
  }
  if (protocol !== 'json') return { ok: false, error: `The protocol '${protocol}' is not supported.` };
  if (version !== 1) {
    return { ok: false, error: `The server does not support version ${version} of the 'json' protocol.` };
  }
  return { ok: true };
}

/** A client message after the handshake, as far as the server cares. */
export type ClientMessage =
  | { type: 'ping' }
  | { type: 'close'; error?: string }
  | { type: 'invocation'; target: string; invocationId?: string }
  | { type: 'ignored' }
  | { type: 'invalid'; error: string };

export function parseMessage(record: string): ClientMessage {
  let value: unknown;
  try {
    value = JSON.parse(record);
  } catch {
    return { type: 'invalid', error: 'Message is not valid JSON.' };
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { type: 'invalid', error: 'Message is not a JSON object.' };
  }
  const message = value as { type?: unknown; target?: unknown; invocationId?: unknown; error?: unknown };
  switch (message.type) {
    case MessageType.Ping:
      return { type: 'ping' };
    case MessageType.Close:
      return typeof message.error === 'string' ? { type: 'close', error: message.error } : { type: 'close' };
    case MessageType.Invocation:
    case MessageType.StreamInvocation:
      return {
        type: 'invocation',
        target: typeof message.target === 'string' ? message.target : '',
        ...(typeof message.invocationId === 'string' && message.invocationId !== ''
          ? { invocationId: message.invocationId }
          : {}),
      };
    case undefined:
      return { type: 'invalid', error: 'Message has no type.' };
    default:
      // Completions (3), stream items, cancels, acks: nothing for this hub to do.
      return { type: 'ignored' };
  }
}
