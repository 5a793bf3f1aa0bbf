import {
  HttpTransportType,
  HubConnectionBuilder,
  LogLevel,
  type HubConnection as ClientConnection,
} from '@microsoft/signalr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CopyProgressMessage, JobCreated, JobState } from '../../shared/contract/dto';
import { bearer, demoToken, listenForClients, startTestApp, userIdOf, type TestApp } from './helpers';

/**
 * A real copy job watched through the real @microsoft/signalr client on each transport
 * (docs/architecture.md 4, "Jobs" and "Hub"): progress runs to completion in order, and when
 * the server drops the connection mid-job the client reconnects and the job endpoint gives the
 * final state, whatever was missed while it was away.
 */

const ITEMS = 12;

async function until(predicate: () => boolean | Promise<boolean>, what: string, timeoutMs = 15_000) {
  const start = Date.now();
  while (!(await predicate())) {
    if (Date.now() - start > timeoutMs) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a copy job over the hub', () => {
  let test: TestApp;
  let baseUrl: string;
  let token: string;
  let userId: string;
  let source: string;
  let free: string[];
  const clients: ClientConnection[] = [];
  let destroySockets = () => {};

  beforeAll(async () => {
    test = await startTestApp(null, {}, {});
    ({ baseUrl, destroySockets } = await listenForClients(test));
    token = await demoToken(test.app, 'skriver');
    userId = userIdOf(token);
    const db = test.app.db;
    const { organization_id } = await db
      .selectFrom('memberships')
      .select('organization_id')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    source = (
      await db
        .selectFrom('assessments')
        .select('id')
        .where('organization_id', '=', organization_id)
        .where('status', '=', 'approved')
        .orderBy('id')
        .executeTakeFirstOrThrow()
    ).id;
    free = (
      await db
        .selectFrom('residences')
        .select('id')
        .where('organization_id', '=', organization_id)
        .where((eb) =>
          eb.not(eb.exists(eb.selectFrom('assessments').whereRef('residence_id', '=', 'residences.id'))),
        )
        .orderBy('id')
        .limit(ITEMS * 6)
        .execute()
    ).map((r) => r.id);
    expect(free.length).toBe(ITEMS * 6);
  });

  afterAll(async () => {
    await Promise.all(clients.map((c) => c.stop()));
    destroySockets();
    await test?.close();
  });

  async function connect(transport: HttpTransportType) {
    const received: { jobId: string; payload: CopyProgressMessage }[] = [];
    const reconnected: string[] = [];
    const connection = new HubConnectionBuilder()
      .withUrl(`${baseUrl}/messagehub`, { transport, accessTokenFactory: () => token })
      .withAutomaticReconnect([0, 100, 200, 500, 1000])
      .configureLogging(LogLevel.None)
      .build();
    connection.on('CopyAssessment', (jobId: string, payloadJson: string) => {
      received.push({ jobId, payload: JSON.parse(payloadJson) as CopyProgressMessage });
    });
    connection.onreconnected((id) => reconnected.push(id ?? ''));
    await connection.start();
    clients.push(connection);
    return { connection, received, reconnected };
  }

  async function startCopy(targets: string[]): Promise<string> {
    const response = await fetch(`${baseUrl}/api/v2/assessment/copyassessments`, {
      method: 'POST',
      headers: { ...bearer(token), 'content-type': 'application/json' },
      body: JSON.stringify({ propertyIds: targets, sourceAssessmentIdToCopyFrom: source, isFakeJob: false }),
    });
    expect(response.status).toBe(200);
    return ((await response.json()) as JobCreated).jobId;
  }

  async function jobState(jobId: string): Promise<JobState> {
    const response = await fetch(`${baseUrl}/api/v2/jobs/${jobId}`, { headers: bearer(token) });
    expect(response.status).toBe(200);
    return (await response.json()) as JobState;
  }

  describe.each([
    ['WebSockets', HttpTransportType.WebSockets, 0],
    ['ServerSentEvents', HttpTransportType.ServerSentEvents, 1],
    ['LongPolling', HttpTransportType.LongPolling, 2],
  ] as const)('%s', (_name, transport, slot) => {
    it('reports every item in order up to currentCount = maxCount', async () => {
      const client = await connect(transport);
      const targets = free.slice(slot * 2 * ITEMS, slot * 2 * ITEMS + ITEMS);
      const jobId = await startCopy(targets);
      await until(() => client.received.some((r) => r.payload.currentCount === ITEMS), 'the last item');
      const mine = client.received.filter((r) => r.jobId === jobId);
      expect(mine.map((r) => r.payload.currentCount)).toEqual(targets.map((_, i) => i + 1));
      expect(mine.every((r) => r.payload.maxCount === ITEMS && r.payload.error === null)).toBe(true);
      expect(new Set(mine.map((r) => r.payload.propertyId))).toEqual(new Set(targets));
      const state = await jobState(jobId);
      expect(state).toMatchObject({
        status: 'succeeded',
        currentCount: ITEMS,
        maxCount: ITEMS,
        errorCount: 0,
      });
      expect(state.copied.map((c) => c.newAssessmentId).sort()).toEqual(
        mine.map((r) => r.payload.newAssessmentId).sort(),
      );
      await client.connection.stop();
    });

    it('after a drop mid-job the client reconnects and the job endpoint gives the final state', async () => {
      const client = await connect(transport);
      const targets = free.slice(slot * 2 * ITEMS + ITEMS, (slot + 1) * 2 * ITEMS);
      const jobId = await startCopy(targets);
      await until(() => client.received.length > 0, 'the first item');
      test.app.hub.closeUser(userId, { abrupt: true });
      await until(() => client.reconnected.length === 1, 'a reconnect');
      // What a client does after onreconnected: read the job again until it is done.
      let state = await jobState(jobId);
      await until(async () => {
        state = await jobState(jobId);
        return state.currentCount === state.maxCount;
      }, 'the job to finish');
      expect(state).toMatchObject({ status: 'succeeded', currentCount: ITEMS, maxCount: ITEMS });
      expect(state.copied).toHaveLength(ITEMS);
      // Whatever arrived came in order and never went backwards.
      const counts = client.received.filter((r) => r.jobId === jobId).map((r) => r.payload.currentCount);
      expect(counts).toEqual([...counts].sort((a, b) => a - b));
      expect(new Set(counts).size).toBe(counts.length);
      await client.connection.stop();
    });
  });
});
