import WebSocket from 'ws';

/** The end of every record of SignalR's JSON hub protocol (docs/api.md "The hub"). */
const RS = '\u001e';
/** @microsoft/signalr's keepAliveIntervalInMilliseconds. */
const CLIENT_PING_MS = 15_000;

/** A hub invocation as it arrived: its target, its arguments, and Date.now() at its frame. */
export type HubInvocation = (target: string, args: unknown[], at: number) => void;

/**
 * One hub connection over WebSockets as the app's SignalR client makes it, for the benches:
 * negotiate, upgrade, handshake. Pings every 15 s as @microsoft/signalr's client does: the
 * server closes a connection it has heard nothing from for 30 s, and a server busy sending
 * progress never pings an idle-looking client first (a copy of 500 under load lost its
 * messages after half a minute). Hands every invocation to `onInvocation`.
 */
export async function connectHub(
  base: string,
  token: string,
  onInvocation: HubInvocation,
): Promise<WebSocket> {
  const negotiated = await fetch(`${base}/messagehub/negotiate?negotiateVersion=1`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!negotiated.ok) throw new Error(`negotiate: ${negotiated.status} ${await negotiated.text()}`);
  const { connectionToken } = (await negotiated.json()) as { connectionToken: string };
  const ws = new WebSocket(
    `${base.replace('http', 'ws')}/messagehub?id=${connectionToken}&access_token=${token}`,
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('error', reject);
    ws.once('open', () => ws.send(`{"protocol":"json","version":1}${RS}`));
    let handshaken = false;
    ws.on('message', (data: WebSocket.RawData) => {
      const at = Date.now();
      for (const record of data.toString().split(RS)) {
        if (!record) continue;
        if (!handshaken) {
          handshaken = true;
          resolve();
          continue;
        }
        const message = JSON.parse(record) as { type: number; target?: string; arguments?: unknown[] };
        if (message.type === 6) ws.send(`{"type":6}${RS}`);
        if (message.type === 1 && message.target) onInvocation(message.target, message.arguments ?? [], at);
      }
    });
  });
  const ping = setInterval(() => ws.send(`{"type":6}${RS}`), CLIENT_PING_MS);
  ws.once('close', () => clearInterval(ping));
  return ws;
}
