import { API_BASE_URL } from '../api/api-base';
import { tokenStore } from '../api/token-store';
import { featureFlags } from '../lib/feature-flags';

/**
 * The live progress channel (docs/product.md 7 "Calls", docs/api.md "The hub",
 * docs/architecture.md 2 "Jobs: approving and bulk copy"): one SignalR connection per signed-in
 * user to `/messagehub`, created only when a job starts or a stored job is resumed. The client
 * library, @microsoft/signalr, is imported on demand, so a first visit does not download it.
 */

/** docs/product.md 9: reconnect after 0, 2, 10 and 30 s, then stop. */
export const RECONNECT_DELAYS_MS = [0, 2000, 10000, 30000] as const;

/** Hub invocations: the job id and the progress message as a JSON string. */
export type HubMethod = 'CopyAssessment' | 'FinishAssessment';

/** The part of a SignalR HubConnection the job store uses (a fake in tests). */
export interface ProgressConnection {
  on(method: HubMethod, handler: (jobId: string, payloadJson: string) => void): void;
  onreconnected(callback: () => void): void;
  onclose(callback: (error?: Error) => void): void;
  start(): Promise<void>;
  stop(): Promise<void>;
}

async function buildConnection(): Promise<ProgressConnection> {
  const signalR = await import('@microsoft/signalr');
  // flag-log_level 0–4 are SignalR's Trace…Error; 5 (silent) is None.
  const level = featureFlags().logLevel;
  return new signalR.HubConnectionBuilder()
    .withUrl(`${API_BASE_URL}/messagehub`, {
      accessTokenFactory: () => tokenStore.get() ?? '',
      transport:
        signalR.HttpTransportType.WebSockets |
        signalR.HttpTransportType.ServerSentEvents |
        signalR.HttpTransportType.LongPolling,
    })
    .withAutomaticReconnect([...RECONNECT_DELAYS_MS])
    .configureLogging(level === 5 ? signalR.LogLevel.None : (level as number))
    .build();
}

interface Held {
  ssoUuid: string;
  connection: Promise<ProgressConnection>;
}

let held: Held | null = null;

/**
 * The signed-in user's connection, started on first use. Another user or a sign-out stops it; a
 * connection whose start failed or that closed for good is replaced on the next call.
 */
export function hubConnection(
  setup: (connection: ProgressConnection) => void,
  build: () => Promise<ProgressConnection> = buildConnection,
): Promise<ProgressConnection> {
  const ssoUuid = tokenStore.claims()?.sso_uuid ?? '';
  if (held && held.ssoUuid === ssoUuid) return held.connection;
  if (held) void stopHubConnection();
  const entry: Held = {
    ssoUuid,
    connection: build().then(async (connection) => {
      setup(connection);
      connection.onclose(() => {
        if (held === entry) held = null;
      });
      await connection.start();
      return connection;
    }),
  };
  entry.connection.catch(() => {
    if (held === entry) held = null;
  });
  held = entry;
  return entry.connection;
}

export async function stopHubConnection(): Promise<void> {
  const current = held;
  held = null;
  if (!current) return;
  try {
    await (await current.connection).stop();
  } catch {
    // It never started or is already gone.
  }
}

// Sign-out or another user's token ends this user's connection.
tokenStore.subscribe((token) => {
  if (!held) return;
  const ssoUuid = token ? tokenStore.claims()?.sso_uuid : undefined;
  if (ssoUuid !== held.ssoUuid) void stopHubConnection();
});
