import WebSocket from 'ws';

/** The end of every record of SignalR's JSON hub protocol (docs/api.md "The hub"). */
const RS = '\u001e';

/** A hub invocation as it arrived: its target, its arguments, and Date.now() at its frame. */
export type HubInvocation = (target: string, args: unknown[], at: number) => void;

/**
 * One hub connection over WebSockets as the app's SignalR client makes it, for the benches:
 * negotiate, upgrade, handshake. Answers the server's pings, so an idle connection lives, and
 * hands every invocation to `onInvocation`.
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
  return ws;
}
