import { randomUUID } from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { Pool } from 'undici';
import type { Answer, AssessorPlan, Residence } from './bench-load-plan';

/**
 * The virtual assessors of bench:load: each does what the app does on a site visit, with its own
 * token, over keep-alive connections of undici (the phone's HTTP/1.1 connection), and every
 * request's latency (from sending to the body's last byte) and failure is recorded.
 */

export const ENDPOINTS = [
  'department list',
  'search',
  'getproperty',
  'createnewassessment',
  'questions',
  'syncanswer',
] as const;
export type Endpoint = (typeof ENDPOINTS)[number];

/** The server's route of each (bt_http_request_duration_seconds' `route`). */
export const ROUTES: Record<Endpoint, string> = {
  'department list': '/api/v2/properties/propertiesbydepartment',
  search: '/api/v2/properties/search',
  getproperty: '/api/v1/properties/getproperty',
  createnewassessment: '/api/v1/assessment/createnewassessment',
  questions: '/api/v2/questions',
  syncanswer: '/api/v2/sync/syncanswer',
};

/** What the browser adds to the app's fetch calls (src/api/http.ts). */
const BROWSER_HEADERS = { accept: 'application/json', 'accept-encoding': 'br, gzip' };

/** Latencies in ms and failures ("404 NOT_FOUND", "network: …") per endpoint. */
export class Recorder {
  readonly latencies = new Map<string, number[]>();
  readonly failures = new Map<string, Map<string, number>>();

  /** `ms` null: no response came (a network failure or a time-out). */
  add(endpoint: string, ms: number | null, failure?: string): void {
    if (ms !== null) {
      const list = this.latencies.get(endpoint);
      if (list) list.push(ms);
      else this.latencies.set(endpoint, [ms]);
    }
    if (failure === undefined) return;
    const counts = this.failures.get(endpoint) ?? new Map<string, number>();
    counts.set(failure, (counts.get(failure) ?? 0) + 1);
    this.failures.set(endpoint, counts);
  }
}

/** The `code` of an error body (docs/api.md "Conventions"), as compressed as it came. */
function errorCode(bytes: Buffer, encoding: unknown): string {
  try {
    const plain =
      encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes;
    return String((JSON.parse(plain.toString()) as { code?: unknown }).code ?? '');
  } catch {
    return '';
  }
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** One request, recorded; true when it was answered with a 2xx. */
async function send(pool: Pool, recorder: Recorder, endpoint: Endpoint, request: Request): Promise<boolean> {
  const started = performance.now();
  try {
    const response = await pool.request(request);
    const bytes = Buffer.from(await response.body.arrayBuffer());
    const ms = performance.now() - started;
    if (response.statusCode >= 200 && response.statusCode < 300) {
      recorder.add(endpoint, ms);
      return true;
    }
    const code = errorCode(bytes, response.headers['content-encoding']);
    recorder.add(endpoint, ms, `${response.statusCode} ${code}`.trim());
    return false;
  } catch (error) {
    recorder.add(endpoint, null, `network: ${(error as { code?: string }).code ?? String(error)}`);
    return false;
  }
}

export interface Assessor extends AssessorPlan {
  index: number;
  token: string;
}

export interface LoadContext {
  /** One pool per API instance; assessor i uses pool i mod the number of pools. */
  pools: readonly Pool[];
  recorder: Recorder;
  answers: readonly Answer[];
  /** Each request waits a random 0 … thinkMs ms first. */
  thinkMs: number;
  /** Whether an assessor starts another round. */
  /** Whether an assessor with `visits` visits made makes another. */
  goOn: (visits: number) => boolean;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The header dropdown's search (src/api/search-properties.ts: size 15, page 0). */
const searchPath = (organizationId: string, query: string) =>
  `/api/v2/properties/search?${new URLSearchParams({ query, size: '15', page: '0', organizationId })}`;

/**
 * One site visit: the department's list, a search for the street and one for street and number,
 * the residence, its new draft (the client's id, as "Start screening" sends it; the same id again
 * on a later visit takes the draft), the form's questions, then the answers one after another as
 * the outbox sends them (src/offline/outbox-requests.ts: syncAnswerBody, a new Idempotency-Key
 * each, answeredAt the time it was typed). API versions as the app's default flags choose them.
 */
async function visit(a: Assessor, r: Residence, assessmentId: string, c: LoadContext): Promise<void> {
  const pool = c.pools[a.index % c.pools.length]!;
  const headers = { ...BROWSER_HEADERS, authorization: `Bearer ${a.token}` };
  const get = async (endpoint: Endpoint, path: string) => {
    await sleep(Math.random() * c.thinkMs);
    return send(pool, c.recorder, endpoint, { method: 'GET', path, headers });
  };
  await get('department list', `/api/v2/properties/propertiesbydepartment?locationId=${a.departmentId}`);
  await get('search', searchPath(a.organizationId, r.streetName));
  await get('search', searchPath(a.organizationId, `${r.streetName} ${r.streetNumber}`));
  await get('getproperty', `/api/v1/properties/getproperty?propertyId=${r.id}`);
  const path = `/api/v1/assessment/createnewassessment?propertyId=${r.id}&assessmentId=${assessmentId}`;
  // Without its draft the answers would only repeat the failure.
  if (!(await get('createnewassessment', path))) return;
  await get('questions', `/api/v2/questions?assessmentId=${assessmentId}`);
  for (const answer of c.answers) {
    await sleep(Math.random() * c.thinkMs);
    await send(pool, c.recorder, 'syncanswer', {
      method: 'POST',
      path: ROUTES.syncanswer,
      headers: { ...headers, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({
        questionUniqueId: answer.questionUniqueId,
        assessmentId,
        ...answer.payload,
        answeredAt: new Date().toISOString(),
      }),
    });
  }
}

/** An assessor's visits, one residence after another (round the list again if it runs out). */
async function assess(a: Assessor, c: LoadContext, rampMs: number): Promise<number> {
  await sleep(Math.random() * rampMs);
  const drafts = new Map<string, string>();
  let visits = 0;
  while (c.goOn(visits)) {
    const residence = a.residences[visits % a.residences.length]!;
    if (!drafts.has(residence.id)) drafts.set(residence.id, randomUUID());
    await visit(a, residence, drafts.get(residence.id)!, c);
    visits += 1;
  }
  return visits;
}

/** Every assessor at once, each starting within `rampMs`; answers the visits made. */
export async function runAssessors(assessors: readonly Assessor[], c: LoadContext, rampMs: number) {
  const visits = await Promise.all(assessors.map((a) => assess(a, c, rampMs)));
  return visits.reduce((sum, v) => sum + v, 0);
}
