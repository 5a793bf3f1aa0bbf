import { connect, type Socket } from 'node:net';
import { Writable } from 'node:stream';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { SignJWT } from 'jose';
import { sql } from 'kysely';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../server/src/db/schema';
import { DEMO_USERS } from '../../server/src/db/seed/demo-users';
import {
  CONNECTION,
  fuzzRequest,
  INVALID_TOKEN_ACTORS,
  NO_RIGHTS_ACTORS,
  photoUpload,
  plainPath,
  POWERLESS_USERS,
  refusedByRouter,
  upgradeRequest,
  WRITERS,
  type Actor,
  type ActorName,
  type ConnectionState,
  type FuzzRequest,
  type IdPools,
  type UpgradeRequest,
  type World,
} from './fuzz-arbitraries';
import {
  bearer,
  DATABASES,
  demoToken,
  listenForClients,
  organizationsOf,
  residencesWithoutAssessment,
  startTestApp,
  type TestApp,
} from './helpers';

/*
 * Property-based fuzz of the reference API (docs/api.md): every endpoint, and the hub's
 * negotiate and transports, get random and hostile query strings, bodies, headers and tokens
 * (tests/server/fuzz-arbitraries.ts). Whatever arrives:
 * - the answer is never a 5xx;
 * - an error is JSON `{ message, code }` and shows no stack trace, file path or error dump;
 * - a request without a valid token is never answered with a renewed one;
 * - requests without the right to change anything (no token, a bad, expired, unsigned or
 *   foreign-signed one, no role, the read role, no organization, or the write role with only
 *   other organizations' ids) change no row of the database;
 * - the request log (server/src/logging.ts, on as in production) writes a line per answer and
 *   never a token, whatever the URL.
 * Paths are now and then spelled another way (`/api/v2/%75serinfo`), and some URLs are 16 KB of
 * token-like text; tests/server/fuzz-slow-and-encoded.test.ts times those and checks the limits.
 * The seed is fixed, so every run sends the same requests; FUZZ_SEED=<n> tries others.
 */

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_517);
if (!Number.isSafeInteger(SEED))
  throw new Error(`FUZZ_SEED must be an integer, got ${process.env.FUZZ_SEED}`);

/** Runs per property; each run sends up to RUN_LENGTH requests. The second database runs fewer. */
const BUDGET: Record<string, { noRights: number; withRights: number; upgrades: number }> = {
  PGlite: { noRights: 150, withRights: 150, upgrades: 100 },
  'PostgreSQL server': { noRights: 75, withRights: 75, upgrades: 50 },
};
const RUN_LENGTH = 40;

/**
 * A property's time limit: its budget takes 3 to 8 s on two cores, but more on a busy machine
 * than the suite's 30 s per test; a hang still fails.
 */
const PROPERTY_TIMEOUT_MS = 180_000;

/** How long a hub request may hold (an event stream, a held poll) before its connection is closed. */
const HOLD_MS = 25;

/** Every table; the light fingerprint after each run leaves out the big ones that no request writes. */
const TABLES = [
  'organizations',
  'users',
  'memberships',
  'departments',
  'residences',
  'address_order_stale',
  'chapters',
  'questions',
  'question_options',
  'assessments',
  'answers',
  'jobs',
  'job_items',
  'sync_requests',
  'photos',
  'photo_chunks',
] as const satisfies readonly (keyof Database)[];
const BIG_TABLES = new Set<string>(['residences', 'answers', 'questions', 'question_options']);

/** What an answer must never show: stack frames, source paths, error dumps. */
const LEAKS = [
  /\bat [^\s()]+ \(/,
  /\bat (?:file:\/\/|node:|\/)[^\s]*:\d+:\d+/,
  /\/server\/src\//,
  /node_modules/,
  /\.ts:\d+/,
  /"stack"\s*:/,
  /\b(?:Type|Range|Reference|Syntax|Internal|Aggregate)?Error: /,
];

/** Actors whose token is no valid token of a user with a role: never renewed. */
const NEVER_RENEWED = new Set<ActorName>([...INVALID_TOKEN_ACTORS, 'uden-rolle']);

const DEMO = Object.fromEntries(DEMO_USERS.map((u) => [u.userName, u]));

function decodedBody(response: LightMyRequestResponse): string {
  const raw = response.rawPayload;
  if (raw.length === 0) return '';
  switch (response.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString('utf8');
    case 'gzip':
      return gunzipSync(raw).toString('utf8');
    case 'deflate':
      return inflateSync(raw).toString('utf8');
    default:
      return raw.toString('utf8');
  }
}

/** What is wrong with an answer, or null. */
function problemOf(
  method: string,
  actor: ActorName,
  status: number,
  headers: Record<string, unknown>,
  body: string,
): string | null {
  if (status >= 500) return `a ${status}`;
  const leak = LEAKS.find((pattern) => pattern.test(body));
  if (leak) return `a body that matches ${leak}`;
  if (NEVER_RENEWED.has(actor) && headers['set-authorization'] !== undefined) return 'a renewed token';
  if (status >= 400 && method !== 'HEAD') {
    if (!/^application\/json\b/.test(String(headers['content-type'] ?? '')))
      return 'an error that is not JSON';
    let error: unknown;
    try {
      error = JSON.parse(body);
    } catch {
      return 'an error whose JSON does not parse';
    }
    const { message, code } = (error ?? {}) as { message?: unknown; code?: unknown };
    if (typeof message !== 'string' || typeof code !== 'string') return 'an error without message and code';
  }
  return null;
}

const delay = (ms: number) => new Promise<null>((resolve) => setTimeout(() => resolve(null), ms));

describe.each(DATABASES)('API fuzz on $name', ({ name, admin }) => {
  const budget = BUDGET[name]!;
  let t: TestApp;
  let world: World;
  const tokens = {} as Record<Exclude<ActorName, 'anonymous' | 'garbage'>, string>;
  const stats = {
    requests: 0,
    upgrades: 0,
    byStatus: new Map<number, number>(),
    targets: new Set<string>(),
    routerRefusals: 0,
    ms: 0,
  };
  /** The request log: how many request lines it wrote, and the lines that hold a token of `tokens`. */
  const log = { requests: 0, leaks: [] as string[] };
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        if (line.includes('"msg":"request"')) log.requests += 1;
        if (Object.values(tokens).some((token) => line.includes(token))) log.leaks.push(line.slice(0, 500));
      }
      done();
    },
  });
  /** Runs a property, adding its time to the summary. */
  const timed = async (property: () => Promise<void>) => {
    const start = Date.now();
    try {
      await property();
    } finally {
      stats.ms += Date.now() - start;
    }
  };

  beforeAll(async () => {
    t = await startTestApp(
      admin,
      {
        // Background jobs would change rows between two fingerprints; queued jobs stay queued.
        JOB_WORKER: 'false',
        // The fuzz is no test of the limits (tests/server/rate-limits.test.ts is); a 429 is fine.
        RATE_LIMIT_API_PER_MINUTE: '100000000',
        RATE_LIMIT_HUB_PER_MINUTE: '100000000',
        RATE_LIMIT_SIGN_IN_PER_MINUTE: '100000000',
        // The request log as in production, redacting every URL the fuzz sends (logStream).
        LOG_LEVEL: 'info',
      },
      { logger: true, logStream },
    );
    const db = t.app.db;
    for (const user of [...WRITERS, ...POWERLESS_USERS]) tokens[user] = await demoToken(t.app, user);

    const key = new TextEncoder().encode(t.config.jwtSecret);
    const skriver = DEMO.skriver!;
    const now = Math.floor(Date.now() / 1000);
    const signed = (claims: { sub: string; sso: string; issuer?: string; exp?: number }, secret = key) =>
      new SignJWT({ sso_uuid: claims.sso })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuer(claims.issuer ?? 'boligtilgaengelighed')
        .setIssuedAt(now - 7200)
        .setExpirationTime(claims.exp ?? now + 3600)
        .sign(secret);
    tokens['other-secret'] = await signed(
      { sub: skriver.id, sso: skriver.ssoUuid },
      new TextEncoder().encode('another-secret-entirely-0123456789'),
    );
    tokens.expired = await signed({ sub: skriver.id, sso: skriver.ssoUuid, exp: now - 3600 });
    tokens['wrong-issuer'] = await signed({ sub: skriver.id, sso: skriver.ssoUuid, issuer: 'someone-else' });
    tokens['unknown-user'] = await signed({
      sub: '10000000-0000-4000-8000-0000000000aa',
      sso: '20000000-0000-4000-8000-0000000000aa',
    });
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const [header, , signature] = tokens.skriver.split('.');
    const flere = DEMO.flere!;
    tokens.tampered = [
      header,
      part({ sub: flere.id, sso_uuid: flere.ssoUuid, iss: 'boligtilgaengelighed', exp: now + 3600 }),
      signature,
    ].join('.');
    tokens['alg-none'] = [
      part({ alg: 'none', typ: 'JWT' }),
      part({
        sub: skriver.id,
        sso_uuid: skriver.ssoUuid,
        iss: 'boligtilgaengelighed',
        iat: now,
        exp: now + 3600,
      }),
      '',
    ].join('.');

    // The ids requests draw from: a few assessments of every status in every organization,
    // their residences and some without any, every department, and one job of each writer.
    const ownOrganizations = await organizationsOf(db, 'skriver');
    const organizations = (await db.selectFrom('organizations').select('id').orderBy('id').execute()).map(
      (o) => o.id,
    );
    const pools = async (organizationIds: string[]): Promise<IdPools> => {
      const assessments = await sql<{ id: string; residence_id: string; organization_id: string }>`
        select id, residence_id, organization_id from (
          select a.id, a.residence_id, a.organization_id, row_number() over (partition by a.organization_id, a.status order by a.id) as n
          from assessments a where a.organization_id = any(${organizationIds}::uuid[])
        ) ranked where n <= 4 order by id`.execute(db);
      const empty = (
        await Promise.all(organizationIds.map((id) => residencesWithoutAssessment(db, id, { limit: 3 })))
      ).flat();
      const departments = await db
        .selectFrom('departments')
        .select('id')
        .where('organization_id', 'in', organizationIds)
        .orderBy('id')
        .execute();
      const residences = await db
        .selectFrom('residences')
        .select(['id', 'organization_id'])
        .where('id', 'in', [...assessments.rows.map((a) => a.residence_id), ...empty])
        .orderBy('id')
        .execute();
      return {
        organization: organizationIds,
        department: departments.map((d) => d.id),
        residence: residences.map((r) => r.id),
        assessment: assessments.rows.map((a) => a.id),
        job: [],
        photo: [],
        assessments: assessments.rows.map((a) => ({
          id: a.id,
          residence: a.residence_id,
          organization: a.organization_id,
        })),
        residencesOf: Object.fromEntries(
          organizationIds.map((id) => [
            id,
            residences.filter((r) => r.organization_id === id).map((r) => r.id),
          ]),
        ),
      };
    };
    const own = await pools(ownOrganizations);
    const foreign = await pools(organizations.filter((id) => !ownOrganizations.includes(id)));
    const questions = await db
      .selectFrom('questions')
      .select(['unique_id', 'type', 'range_start', 'range_end'])
      .orderBy('position')
      .execute();
    const options = await db
      .selectFrom('question_options')
      .select(['question_unique_id', 'answer_id'])
      .execute();
    world = {
      own,
      foreign,
      questions: questions.map((q) => ({
        uniqueId: q.unique_id,
        type: q.type,
        rangeStart: q.range_start,
        rangeEnd: q.range_end,
        options: options.filter((o) => o.question_unique_id === q.unique_id).map((o) => o.answer_id),
      })),
    };

    // One queued (fake) copy job of skriver in the own organization and one of flere in another.
    const queueCopy = async (user: 'skriver' | 'flere', organizationId: string) => {
      const source = await db
        .selectFrom('assessments')
        .select('id')
        .where('organization_id', '=', organizationId)
        .where('status', '=', 'draft')
        .where('converted', '=', false)
        .orderBy('id')
        .executeTakeFirstOrThrow();
      const targets = await residencesWithoutAssessment(db, organizationId, { limit: 2 });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/v2/assessment/copyassessments',
        headers: bearer(tokens[user]),
        payload: { propertyIds: targets, sourceAssessmentIdToCopyFrom: source.id, isFakeJob: true },
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ jobId: string }>().jobId;
    };
    own.job.push(await queueCopy('skriver', ownOrganizations[0]!));
    foreign.job.push(await queueCopy('flere', foreign.organization[0]!));

    // A photo of a residence (of no assessment, so a writer may delete it) likewise; fixed ids,
    // so that a seed makes the same requests.
    const storePhoto = async (user: 'skriver' | 'flere', photoId: string, residenceId: string) => {
      const { payload, type } = photoUpload(Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(60).keys()]));
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/v2/photos?photoId=${photoId}&residenceId=${residenceId}`,
        headers: { ...bearer(tokens[user]), 'content-type': type, 'idempotency-key': `fuzz-${user}` },
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ photoId: string }>().photoId;
    };
    own.photo.push(
      await storePhoto(
        'skriver',
        '7c2e4b1a-3f5d-4e8a-9b6c-00000000f070',
        own.residencesOf[ownOrganizations[0]!]![0]!,
      ),
    );
    foreign.photo.push(
      await storePhoto(
        'flere',
        '7c2e4b1a-3f5d-4e8a-9b6c-00000000f071',
        foreign.residencesOf[foreign.organization[0]!]![0]!,
      ),
    );
  });

  afterAll(async () => {
    const fiveHundreds = [...stats.byStatus].reduce(
      (n, [status, count]) => n + (status >= 500 ? count : 0),
      0,
    );
    const statuses = [...stats.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}×${n}`);
    console.log(
      `fuzz on ${name} (seed ${SEED}): ${stats.requests} requests to ${stats.targets.size} endpoints ` +
        `and ${stats.upgrades} WebSocket upgrades in ${(stats.ms / 1000).toFixed(1)} s, ` +
        `${fiveHundreds} answers of 5xx, ${stats.routerRefusals} refused by the router (router-refusals.ts); ` +
        `statuses ${statuses.join(' ')}`,
    );
    await t?.close();
  });

  /** A hash of each table's rows, in no particular order: equal for equal data. */
  async function fingerprint(tables: readonly (keyof Database)[]): Promise<Record<string, string>> {
    // One statement: a row per table with its size and the hash of its rows.
    const parts = tables.map(
      (table) => sql`select ${table}::text as name, count(*)::text || ' ' ||
        coalesce(md5(string_agg(md5(t::text), '' order by md5(t::text))), '') as hash
        from ${sql.table(table)} t`,
    );
    // The big tables no request writes but answers: their size and newest write (answered_at).
    if (!tables.includes('answers')) {
      parts.push(sql`select 'answers' as name, count(*)::text || ' ' || coalesce(max(answered_at)::text, '') as hash
        from answers`);
    }
    const { rows } = await sql<{ name: string; hash: string }>`${sql.join(parts, sql` union all `)}`.execute(
      t.app.db,
    );
    return Object.fromEntries(rows.map((row) => [row.name, row.hash]));
  }
  const lightFingerprint = () => fingerprint(TABLES.filter((table) => !BIG_TABLES.has(table)));

  function authOf(actor: Actor): { headers: Record<string, string>; query: string } {
    if (actor.name === 'anonymous') return { headers: {}, query: '' };
    if (actor.name === 'garbage') return { headers: { authorization: actor.garbage ?? '' }, query: '' };
    const token = tokens[actor.name];
    switch (actor.placement) {
      case 'header':
        return { headers: bearer(token), query: '' };
      case 'lowercase':
        return { headers: { authorization: `bearer   ${token}  ` }, query: '' };
      case 'query':
        return { headers: {}, query: `access_token=${encodeURIComponent(token)}` };
      case 'basic':
        return {
          headers: { authorization: `Basic ${Buffer.from(`${token}:`).toString('base64')}` },
          query: '',
        };
    }
  }

  /** A hub connection of `owner` in `state`, made as the client makes it; its connection token. */
  async function connection(owner: (typeof WRITERS)[number], state: ConnectionState): Promise<string> {
    const headers = bearer(tokens[owner]);
    const negotiate = await t.app.inject({
      method: 'POST',
      url: '/messagehub/negotiate?negotiateVersion=1',
      headers,
    });
    if (negotiate.statusCode !== 200) throw new Error(`negotiate: ${negotiate.statusCode} ${negotiate.body}`);
    const id = negotiate.json<{ connectionToken: string }>().connectionToken;
    const url = `/messagehub?id=${id}`;
    const step = async (method: 'GET' | 'POST' | 'DELETE', payload?: string) => {
      const response = await t.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': 'text/plain' },
        payload,
      });
      if (response.statusCode >= 300)
        throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    };
    if (state === 'fresh') return id;
    await step('GET');
    if (state === 'handshaken') {
      await step('POST', '{"protocol":"json","version":1}\u001e');
      await step('GET');
    }
    if (state === 'deleted') await step('DELETE');
    return id;
  }

  /**
   * Sends a request and checks its answer; throws with the request and the answer when it
   * fails. Answers the request as a line of text with its status.
   */
  async function send(request: FuzzRequest): Promise<{ status: number; line: string }> {
    const id = request.connection
      ? await connection(request.connection.owner, request.connection.state)
      : null;
    const auth = authOf(request.actor);
    const query = [request.query.replaceAll(CONNECTION, id ?? ''), auth.query].filter(Boolean).join('&');
    const url = query ? `${request.path}?${query}` : request.path;
    const logged = log.requests;
    const pending = t.app.inject({
      method: request.method as 'GET',
      url,
      headers: { ...request.headers, ...auth.headers },
      payload: request.payload,
    });
    // However the path is spelled: `/m%65ssagehub` is the hub's route too.
    const hub = plainPath(request.path).startsWith('/messagehub');
    // An event stream or a held poll ends when its connection closes, as the client's would.
    if (hub && (await Promise.race([pending, delay(HOLD_MS)])) === null) t.app.hub.closeAll();
    const response = await pending;
    if (hub) t.app.hub.closeAll();

    stats.requests += 1;
    stats.targets.add(request.target);
    stats.byStatus.set(response.statusCode, (stats.byStatus.get(response.statusCode) ?? 0) + 1);
    const body = decodedBody(response);
    if (refusedByRouter(response.statusCode, body)) stats.routerRefusals += 1;
    const problem = problemOf(
      request.method,
      request.actor.name,
      response.statusCode,
      response.headers,
      body,
    );
    const line = `${request.method} ${url.slice(0, 300)} as ${request.actor.name}`;
    if (problem) throw new Error(`${line} got ${problem}: ${response.statusCode} ${body.slice(0, 500)}`);
    // One log line per answer (its URL redacted), but for the health probes' (logged at warn
    // only); what the router refuses before any route has its line too.
    const lines = log.requests - logged;
    const probe =
      /^\/(?:healthz|readyz)$/.test(plainPath(request.path)) && ['GET', 'HEAD'].includes(request.method);
    if (lines !== (probe ? 0 : 1))
      throw new Error(`${line} got ${response.statusCode} and ${lines} request log lines`);
    return { status: response.statusCode, line: `${line}: ${response.statusCode}` };
  }

  it(
    'answers requests without rights with no 5xx, no stack trace and no change to any row',
    async () => {
      const before = await fingerprint(TABLES);
      let last = await lightFingerprint();
      const noRights = fc.oneof(
        { weight: 2, arbitrary: fuzzRequest(world, 'any', INVALID_TOKEN_ACTORS) },
        // Signed in, but with no role, the read role, or no organization.
        { weight: 3, arbitrary: fuzzRequest(world, 'any', POWERLESS_USERS) },
        // The write role, but only ids of organizations the user is no member of.
        { weight: 2, arbitrary: fuzzRequest(world, 'foreign', ['skriver']) },
      );
      await timed(() =>
        fc.assert(
          fc.asyncProperty(
            fc.array(noRights, { minLength: 1, maxLength: RUN_LENGTH, size: 'max' }),
            async (requests) => {
              // A change comes with a success: those are the suspects.
              const succeeded: string[] = [];
              for (const request of requests) {
                const { status, line } = await send(request);
                if (status < 400) succeeded.push(line);
              }
              const after = await lightFingerprint();
              const changed = Object.keys(after).filter((table) => after[table] !== last[table]);
              last = after;
              if (changed.length > 0) {
                throw new Error(
                  `requests without rights changed ${changed.join(', ')}; of them these succeeded:\n` +
                    succeeded.join('\n'),
                );
              }
            },
          ),
          // The changed rows stay changed, so shrinking would replay requests that now change
          // nothing: the failing run is reported whole instead, its suspects named above.
          { seed: SEED, numRuns: budget.noRights, endOnFailure: true },
        ),
      );
      expect(await fingerprint(TABLES)).toEqual(before);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'answers any request of writers with their own and other organizations’ ids with no 5xx and no stack trace',
    async () => {
      const any = fc.oneof(
        { weight: 3, arbitrary: fuzzRequest(world, 'any', WRITERS) },
        { weight: 1, arbitrary: fuzzRequest(world, 'any', NO_RIGHTS_ACTORS) },
      );
      await timed(() =>
        fc.assert(
          fc.asyncProperty(
            fc.array(any, { minLength: 1, maxLength: RUN_LENGTH, size: 'max' }),
            async (requests) => {
              for (const request of requests) await send(request);
            },
          ),
          { seed: SEED + 1, numRuns: budget.withRights },
        ),
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  it(
    'answers hostile WebSocket upgrades of the hub with 101 or a JSON error, never a 5xx',
    async () => {
      const { baseUrl, destroySockets } = await listenForClients(t);
      const { port, hostname: host } = new URL(baseUrl);
      try {
        await timed(() =>
          fc.assert(
            fc.asyncProperty(upgradeRequest([...WRITERS, ...NO_RIGHTS_ACTORS]), async (request) => {
              const id = await connection(request.connection.owner, request.connection.state);
              const result = await upgrade(host, Number(port), request, id);
              t.app.hub.closeAll();
              stats.upgrades += 1;
              stats.byStatus.set(result.status, (stats.byStatus.get(result.status) ?? 0) + 1);
              const problem =
                result.status === 0
                  ? 'no answer'
                  : result.status === 101
                    ? null
                    : problemOf(
                        request.method,
                        request.actor.name,
                        result.status,
                        result.headers,
                        result.body,
                      );
              if (problem)
                throw new Error(`upgrade got ${problem}: ${result.head}\n\n${result.body.slice(0, 500)}`);
            }),
            { seed: SEED + 2, numRuns: budget.upgrades },
          ),
        );
      } finally {
        destroySockets();
      }
      // The server still answers.
      expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);
    },
    PROPERTY_TIMEOUT_MS,
  );

  it('wrote no token to the log', () => {
    expect(log.leaks).toEqual([]);
  });

  /** A WebSocket upgrade over a raw socket, so that every header can be wrong; once upgraded, some frames. */
  async function upgrade(
    host: string,
    port: number,
    request: UpgradeRequest,
    id: string,
  ): Promise<{ status: number; head: string; headers: Record<string, string>; body: string }> {
    const auth = authOf(request.actor);
    const query = [request.query.replaceAll(CONNECTION, id), auth.query].filter(Boolean).join('&');
    const lines = [
      `${request.method} ${request.path}${query ? `?${query}` : ''} HTTP/1.1`,
      `Host: ${host}:${port}`,
      ...request.headers.map(
        ([name, value]) => `${name}: ${value === 'SAME' ? `http://${host}:${port}` : value}`,
      ),
      ...Object.entries(auth.headers).map(([name, value]) => `${name}: ${value}`),
    ];
    const socket: Socket = connect(port, host);
    socket.on('error', () => {});
    const received: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => received.push(chunk));
    const ended = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const text = () => Buffer.concat(received).toString('latin1');
    // The answer's head, or the socket's end.
    await Promise.race([
      ended,
      (async () => {
        while (!text().includes('\r\n\r\n')) await delay(2);
      })(),
    ]);
    const [head = '', ...rest] = text().split('\r\n\r\n');
    const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
    if (status === 101) {
      for (const frame of request.frames) socket.write(textFrame(frame));
      if (request.garbageAfterUpgrade) socket.write(Buffer.from([0xff, 0x00, 0x13, 0x37]));
      await delay(5);
      socket.destroy();
      return { status, head, headers: {}, body: '' };
    }
    // Errors are written whole with Connection: close.
    await Promise.race([ended, delay(2_000)]);
    socket.destroy();
    const headers = Object.fromEntries(
      head
        .split('\r\n')
        .slice(1)
        .map((line) => [
          line.slice(0, line.indexOf(':')).toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
    );
    return { status, head, headers, body: Buffer.from(rest.join('\r\n\r\n'), 'latin1').toString('utf8') };
  }
});

/** A masked client text frame (RFC 6455 5.2). */
function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const mask = Buffer.from([0x12, 0x34, 0x56, 0x78]);
  const length =
    payload.length < 126
      ? Buffer.from([0x80 | payload.length])
      : payload.length < 65_536
        ? Buffer.from([0x80 | 126, payload.length >> 8, payload.length & 0xff])
        : Buffer.concat([
            Buffer.from([0x80 | 127]),
            Buffer.from(new BigUint64Array([BigInt(payload.length)]).buffer).reverse(),
          ]);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return Buffer.concat([Buffer.from([0x81]), length, mask, masked]);
}
