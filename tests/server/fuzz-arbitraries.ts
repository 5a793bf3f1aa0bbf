import fc from 'fast-check';
import { MAX_PHOTO_BYTES } from '../../shared/contract/limits';

/*
 * The requests of the API fuzz (tests/server/fuzz.test.ts): every endpoint of docs/api.md and the
 * hub's negotiate and transports, with random and hostile query strings, bodies, headers and
 * tokens. A request is plain data (the token is named, not included), so that fast-check prints
 * a failing case readably and the same seed makes the same requests.
 */

/**
 * Who sends a request. These have no valid token: none, a garbage Authorization header, a
 * token signed with another secret, expired, unsigned (`alg: none`), with a changed payload,
 * of an unknown user, or of another issuer.
 */
export const INVALID_TOKEN_ACTORS = [
  'anonymous',
  'garbage',
  'other-secret',
  'expired',
  'alg-none',
  'tampered',
  'unknown-user',
  'wrong-issuer',
] as const;
/** Demo users without any right to change anything: no role, the read role, no organization. */
export const POWERLESS_USERS = ['uden-rolle', 'laeser', 'uden-org'] as const;
/** Demo users with the write role: skriver in the first organization, flere in all three. */
export const WRITERS = ['skriver', 'flere'] as const;

export type ActorName =
  (typeof INVALID_TOKEN_ACTORS)[number] | (typeof POWERLESS_USERS)[number] | (typeof WRITERS)[number];

export interface Actor {
  name: ActorName;
  /**
   * Where the token goes: `Bearer` in the header, `bearer` with odd spacing, the hub's
   * `access_token` query parameter, or `Basic` (another scheme).
   */
  placement: 'header' | 'lowercase' | 'query' | 'basic';
  /** The whole Authorization header of `garbage`. */
  garbage?: string;
}

export type ConnectionState = 'fresh' | 'polling' | 'handshaken' | 'deleted';

/** Stands for the connection token of the hub connection the harness makes for a request. */
export const CONNECTION = 'CONNECTION_TOKEN_PLACEHOLDER';

export interface FuzzRequest {
  /** The endpoint aimed at, for the summary. */
  target: string;
  method: string;
  path: string;
  /** Encoded, without the `?`; may hold CONNECTION. */
  query: string;
  headers: Record<string, string>;
  /** Text, or bytes (a photo upload's multipart body). */
  payload?: string | Buffer;
  actor: Actor;
  /** A hub transport request: a connection of `owner` in `state` is made first. */
  connection?: { owner: (typeof WRITERS)[number]; state: ConnectionState };
}

/** The ids the requests draw from. */
export interface IdPools {
  organization: string[];
  department: string[];
  residence: string[];
  assessment: string[];
  job: string[];
  /** Photos: one of skriver's in the first organization, one of flere's in another. */
  photo: string[];
  /** The assessments with their residence and organization, for requests that name both. */
  assessments: { id: string; residence: string; organization: string }[];
  /** Each organization's residences of `residence`, for copies within one organization. */
  residencesOf: Record<string, string[]>;
}

/** An assessment as a request names it: its id with its residence's. */
type Anchor = IdPools['assessments'][number];

export interface World {
  /** Ids of the organization skriver and laeser belong to (the first). */
  own: IdPools;
  /** Ids of the other organizations (flere's too; skriver is no member). */
  foreign: IdPools;
  /** The catalogue's questions: id, type, range and option ids. */
  questions: {
    uniqueId: string;
    type: string;
    rangeStart: number | null;
    rangeEnd: number | null;
    options: string[];
  }[];
}

/** `any`: ids of every organization; `foreign`: none of skriver's organization. */
export type Scope = 'any' | 'foreign';

const ID_KINDS = ['organization', 'department', 'residence', 'assessment', 'job', 'photo'] as const;
type IdKind = (typeof ID_KINDS)[number];
type ParamKind =
  | IdKind
  | 'newAssessmentId'
  | 'newPhotoId'
  | 'question'
  | 'takenAt'
  | 'search'
  | 'size'
  | 'page'
  | 'latitude'
  | 'longitude'
  | 'returnPath';
type BodyKind = 'located' | 'syncanswer' | 'abandonMany' | 'finish' | 'copy' | 'signIn';

interface Endpoint {
  method: string;
  path: string;
  params?: Record<string, ParamKind>;
  body?: BodyKind;
  /** Needs the write role (docs/api.md): sent twice as often as the others. */
  write?: true;
}

/**
 * Every endpoint of docs/api.md "Endpoints at a glance" and its extensions but the hub
 * (hubRequest), the job (jobRequest) and the photo calls with a path or a body (photoRequest).
 */
export const ENDPOINTS: readonly Endpoint[] = [
  { method: 'GET', path: '/api/v2/staticcontent' },
  { method: 'GET', path: '/api/v2/userinfo' },
  { method: 'GET', path: '/api/v2/organizations/getorganizations' },
  {
    method: 'GET',
    path: '/api/v2/properties/availabledepartments',
    params: { organizationId: 'organization' },
  },
  { method: 'GET', path: '/api/v2/ext/overview', params: { organizationId: 'organization' } },
  {
    method: 'GET',
    path: '/api/v2/ext/export/residences',
    params: { organizationId: 'organization', departmentId: 'department' },
  },
  { method: 'GET', path: '/api/v2/ext/export/active', params: { organizationId: 'organization' } },
  { method: 'GET', path: '/api/v2/properties/propertiesbydepartment', params: { locationId: 'department' } },
  {
    method: 'GET',
    path: '/api/v2/properties/search',
    params: { query: 'search', size: 'size', page: 'page', organizationId: 'organization' },
  },
  {
    method: 'GET',
    path: '/api/v2/properties/searchbycoordinates',
    params: { latitude: 'latitude', longitude: 'longitude', organizationId: 'organization' },
  },
  { method: 'GET', path: '/api/v2/properties/getproperty', params: { propertyId: 'residence' } },
  { method: 'GET', path: '/api/v1/properties/getproperty', params: { propertyId: 'residence' } },
  { method: 'GET', path: '/api/v2/assessment/getassessments', params: { propertyId: 'residence' } },
  {
    method: 'GET',
    path: '/api/v2/assessment/getassessment',
    params: { assessmentId: 'assessment', propertyId: 'residence' },
  },
  {
    method: 'GET',
    path: '/api/v2/assessment/getactiveassessments',
    params: { organizationId: 'organization' },
  },
  { method: 'POST', path: '/api/v2/assessment/getlocatedassessments', body: 'located' },
  { method: 'GET', path: '/api/v2/assessment/getassessmentscores', params: { assessmentId: 'assessment' } },
  { method: 'GET', path: '/api/v2/questions', params: { assessmentId: 'assessment' } },
  { method: 'GET', path: '/api/v2/ext/assessmenthistory', params: { assessmentId: 'assessment' } },
  ...['v1', 'v2'].map((version) => ({
    method: 'GET',
    path: `/api/${version}/assessment/createnewassessment`,
    params: {
      propertyId: 'residence',
      sourceAssessmentIdToCopyFrom: 'assessment',
      assessmentId: 'newAssessmentId',
    } as Record<string, ParamKind>,
    write: true as const,
  })),
  { method: 'POST', path: '/api/v2/sync/syncanswer', body: 'syncanswer', write: true },
  {
    method: 'GET',
    path: '/api/v2/assessment/synchiddenquestions',
    params: { assessmentId: 'assessment' },
    write: true,
  },
  {
    method: 'POST',
    path: '/api/v2/assessment/abandonassessment',
    params: { assessmentId: 'assessment', propertyId: 'residence' },
    write: true,
  },
  {
    method: 'GET',
    path: '/api/v1/assessment/abandonassessment',
    params: { assessmentId: 'assessment', propertyId: 'residence' },
    write: true,
  },
  { method: 'POST', path: '/api/v2/assessment/abandonassessments', body: 'abandonMany', write: true },
  {
    method: 'GET',
    path: '/api/v2/assessment/copytargets',
    params: { sourceAssessmentId: 'assessment', propertyId: 'residence' },
    write: true,
  },
  { method: 'POST', path: '/api/v2/assessment/finishassessments', body: 'finish', write: true },
  { method: 'POST', path: '/api/v2/assessment/copyassessments', body: 'copy', write: true },
  // GET /api/v2/jobs/{jobId}: jobRequest.
  // The photos of a residence or of an assessment; the upload and a photo by its id: photoRequest.
  {
    method: 'GET',
    path: '/api/v2/photos',
    params: { residenceId: 'residence', assessmentId: 'assessment' },
  },
  { method: 'GET', path: '/auth/login', params: { returnPath: 'returnPath' } },
  { method: 'POST', path: '/auth/login', body: 'signIn' },
  { method: 'POST', path: '/auth/demo-token', body: 'signIn' },
  { method: 'GET', path: '/auth/logout' },
  { method: 'GET', path: '/healthz' },
  { method: 'GET', path: '/readyz' },
];

/** Endpoints whose bodies may carry Idempotency-Key (docs/api.md). */
const IDEMPOTENT = new Set(['syncanswer', 'finish', 'copy']);

// ---------------------------------------------------------------------------------------------
// Text

const pick = <T>(items: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...items);

const LONG = 'x'.repeat(5_000);

/**
 * Values that broke servers before: numbers out of every range, NUL and other control
 * characters, broken UTF-16, SQL and template syntax, prototype keys, very long text.
 */
const HOSTILE_STRINGS = [
  '',
  ' ',
  '0',
  '-1',
  '-0',
  '1.5',
  '1e400',
  '-1e400',
  '1e-400',
  '5e-324',
  'NaN',
  'Infinity',
  '-Infinity',
  '0x1F',
  '1_000',
  '9'.repeat(400),
  '-9007199254740993',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '[object Object]',
  "' OR '1'='1",
  "'; DROP TABLE assessments; --",
  '"; SELECT pg_sleep(10); --',
  '\\',
  '%',
  '%00',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u007f',
  '\t\n\r',
  '\u2028\u2029',
  '\uD800',
  'a\uDFFFb',
  '\uFEFF\u200B\u202E',
  '😀♿🦽',
  'ÆØÅ æøå',
  'İ ß ﬁ',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '__proto__',
  'constructor',
  'prototype',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01}',
  '7c2e4b1a3f5d4e8a9b6c1d2e3f4a5b01',
  '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01 ',
  '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b0\u0000',
  LONG,
];

/** Random and hostile text. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 5, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  // Ordinary text with a control character in it (NUL, escape, DEL ...).
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom('skovvej', 'abc', 'skriver', '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01'),
        fc.oneof(fc.integer({ min: 0, max: 0x1f }), fc.constant(0x7f)).map((c) => String.fromCharCode(c)),
        fc.nat({ max: 12 }),
      )
      .map(([text, control, at]) => text.slice(0, at) + control + text.slice(at)),
  },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 10 }) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.bigInt().map(String) },
  {
    weight: 1,
    arbitrary: fc
      .array(fc.constantFrom(...HOSTILE_STRINGS.filter((s) => s.length < 100)), {
        minLength: 2,
        maxLength: 4,
      })
      .map((parts) => parts.join('')),
  },
);

/** Text a header may carry (tab, visible ASCII and Latin-1; no line breaks). */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
  fc.string({
    unit: fc.oneof(
      fc.constant('\t'),
      fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)),
      fc.integer({ min: 0x80, max: 0xff }).map((c) => String.fromCharCode(c)),
    ),
    maxLength: 60,
  }),
  fc.constantFrom('', ' ', '*', 'null', '%00', 'x'.repeat(4_000), '"', '\\', 'W/"x"', '";,=;'),
);

/** UTF-8 percent-encoding of everything but the unreserved characters. */
export function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** Broken percent-encoding and separators, appended raw to an encoded value. */
const BROKEN_ENCODING = ['%', '%z', '%zz', '%E0%A4', '%FF%FE', '%C0%80', '%u0041', '+', '&', '=', ';', '%%'];

/** One query-string value: mostly encoded, sometimes with broken encoding after it. */
const queryValue = (value: fc.Arbitrary<string>) =>
  fc
    .tuple(
      value,
      fc.oneof({ weight: 12, arbitrary: fc.constant('') }, { weight: 1, arbitrary: pick(BROKEN_ENCODING) }),
    )
    .map(([text, broken]) => encode(text) + broken);

// ---------------------------------------------------------------------------------------------
// Other spellings of a path, and slow URLs (docs/architecture.md 4 "Rate limits" and "Logs")

const UNRESERVED = /^[A-Za-z0-9\-._~]$/;

const percent = (c: string, upper: boolean) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return `%${upper ? hex.toUpperCase() : hex.toLowerCase()}`;
};

/**
 * The same path spelled another way: some of its unreserved characters percent-encoded, in
 * upper- or lower-case hex (`d` → `%64`, `j` → `%6A` or `%6a`). The router decodes them, so it
 * is the same route and must be treated (and counted) as the route: `POST /auth/%64emo-token`
 * 80 times once got 80 tokens and no 429. Shrinks towards the plain path.
 */
export function respelled(path: string): fc.Arbitrary<string> {
  const chars = [...path];
  const way = fc.oneof(
    { weight: 3, arbitrary: fc.constant('plain' as const) },
    { weight: 1, arbitrary: pick(['upper', 'lower'] as const) },
  );
  return fc
    .array(way, { minLength: chars.length, maxLength: chars.length })
    .map((ways) =>
      chars
        .map((c, i) => (ways[i] === 'plain' || !UNRESERVED.test(c) ? c : percent(c, ways[i] === 'upper')))
        .join(''),
    );
}

/** A path most of the time as written, now and then respelled. */
const spelled = (path: string) =>
  fc.oneof({ weight: 6, arbitrary: fc.constant(path) }, { weight: 1, arbitrary: respelled(path) });

/** The path with the percent-encoded unreserved characters decoded, as the router reads it. */
export const plainPath = (path: string): string =>
  path.replace(/%([0-9a-f]{2})/gi, (escape, hex: string) => {
    const c = String.fromCharCode(parseInt(hex, 16));
    return UNRESERVED.test(c) ? c : escape;
  });

/**
 * Whether the router refused the path before any route (a broken escape, a route parameter
 * over 100 characters): server/src/http/router-refusals.ts answers it, with its log line.
 */
export const refusedByRouter = (status: number, body: string): boolean =>
  (status === 400 && body.includes('"The path is not a valid URL"')) ||
  (status === 414 && body.includes('"URL_TOO_LONG"'));

/** The parts of a JWT-looking text with no separator in them: `eyJ` starts every JWT's header. */
const TOKEN_RUNS = ['eyJ', 'eyJeyJ', 'eyJhbGciOiJIUzI1NiJ9', '-', '_', 'a', '0', 'Zz'];
/** What stands between them: a JWT's dots, raw and encoded, and the names of secret parameters. */
const TOKEN_BREAKS = ['.', '..', '=', '%2E', '%2e', '%3D', '&', '/', 'access_token=', 'token=', '&id='];

const repeatedTo = (unit: string, length: number) =>
  unit.repeat(Math.ceil(length / unit.length)).slice(0, length);

/** A text's length: mostly 12 to 16 KB, where a quadratic redaction takes tens of milliseconds. */
const slowLength = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 12_000, max: 16_000 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 12_000 }) },
);

/** Slow text, and how fast-check prints it: its unit and length, not 16 KB. */
export interface SlowText {
  text: string;
  [fc.toStringMethod](): string;
}

const slow = (unit: string, length: number, tail: string): SlowText => ({
  text: repeatedTo(unit, length) + tail,
  [fc.toStringMethod]: () => `«${JSON.stringify(unit)} to ${length} characters»${tail}`,
});

/**
 * Long token-like text, up to 16 KB: a short unit of JWT fragments and separators repeated, or one
 * long unbroken base64url run (`eyJeyJeyJ…`) with a JWT-looking tail. Redacting the JWTs of such a
 * URL with the old pattern `/eyJ[\w-]*\.[\w-]+\.[\w-]*\/g` tried a match at every `eyJ` of a run,
 * each to the run's end: quadratic in the run's length. A repeated escape may be cut (`…%2E%2`): a
 * broken URL is hostile too.
 */
export const slowText: fc.Arbitrary<SlowText> = fc.oneof(
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.array(
          fc.oneof({ weight: 5, arbitrary: pick(TOKEN_RUNS) }, { weight: 2, arbitrary: pick(TOKEN_BREAKS) }),
          { minLength: 1, maxLength: 6 },
        ),
        slowLength,
        fc.option(pick(TOKEN_BREAKS), { nil: '' }),
      )
      .map(([unit, length, tail]) => slow(unit.join(''), length, tail)),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.array(pick(TOKEN_RUNS), { minLength: 1, maxLength: 4 }),
        slowLength,
        fc.array(fc.oneof(pick(TOKEN_RUNS), pick(TOKEN_BREAKS)), { maxLength: 4 }),
      )
      .map(([unit, length, tail]) => slow(unit.join(''), length, tail.join(''))),
  },
);

/**
 * Where slow text goes (`{}`): the query of the app's pages and files and of the API, the
 * hub's and the sign-in's parameters, and path segments, inside and outside /api/.
 */
export const SLOW_URLS: readonly (readonly [string, string])[] = [
  ['GET', '/?{}'],
  ['GET', '/{}'],
  ['GET', '/assets/{}'],
  ['GET', '/assets/index-{}.js'],
  ['GET', '/loginCallback?token={}'],
  ['POST', '/messagehub/negotiate?negotiateVersion=1&{}'],
  ['GET', '/messagehub?id={}'],
  ['GET', '/messagehub?{}'],
  ['GET', '/api/v2/userinfo?{}'],
  ['GET', '/api/v2/properties/search?query={}&size=10'],
  ['GET', '/api/v2/jobs/{}'],
  ['POST', '/auth/demo-token?{}'],
  ['GET', '/auth/login?returnPath={}'],
];

/** A request whose URL holds slow text: its path and query as FuzzRequest has them. */
export interface SlowUrl {
  method: string;
  path: string;
  query: string;
  [fc.toStringMethod](): string;
}

const slowUrlOf = ([method, template]: readonly [string, string], text: SlowText): SlowUrl => {
  const at = template.indexOf('?');
  const [path, query] = at < 0 ? [template, ''] : [template.slice(0, at), template.slice(at + 1)];
  return {
    method,
    path: path.replace('{}', () => text.text),
    query: query.replace('{}', () => text.text),
    [fc.toStringMethod]: () => `${method} ${template.replace('{}', text[fc.toStringMethod]())}`,
  };
};

export const slowUrl: fc.Arbitrary<SlowUrl> = fc
  .tuple(pick(SLOW_URLS), slowText)
  .map(([place, text]) => slowUrlOf(place, text));

/** The issue's URL: `GET /?eyJeyJeyJ…` of 15 KB, a quarter second of the event loop. */
export const ISSUE_SLOW_URL: SlowUrl = slowUrlOf(['GET', '/?{}'], slow('eyJ', 15_000, ''));

// ---------------------------------------------------------------------------------------------
// Ids and parameter values

const poolsOf = (world: World, scope: Scope) =>
  scope === 'any' ? [world.own, world.foreign] : [world.foreign];

function idOf(world: World, scope: Scope, kind: IdKind): fc.Arbitrary<string> {
  const pools = poolsOf(world, scope);
  const same = pools.flatMap((p) => p[kind]);
  const other = pools.flatMap((p) => ID_KINDS.flatMap((k) => p[k]));
  return fc.oneof(
    { weight: 12, arbitrary: pick(same) },
    { weight: 1, arbitrary: pick(same).map((id) => id.toUpperCase()) },
    { weight: 1, arbitrary: pick(other) },
    { weight: 2, arbitrary: fc.uuid() },
    { weight: 2, arbitrary: hostileText },
  );
}

/** An assessment of the pools, to name with its own residence. */
const anchorOf = (world: World, scope: Scope): fc.Arbitrary<Anchor> =>
  pick(poolsOf(world, scope).flatMap((p) => p.assessments));

/** The anchor's id (or residence) most of the time, any id of the kind otherwise. */
const anchored = (world: World, scope: Scope, kind: 'assessment' | 'residence', anchor: Anchor) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constant(kind === 'assessment' ? anchor.id : anchor.residence) },
    { weight: 1, arbitrary: idOf(world, scope, kind) },
  );

const numberText = (min: number, max: number, integer: boolean) =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: (integer ? fc.integer({ min, max }) : fc.double({ min, max, noNaN: true })).map(String),
    },
    { weight: 1, arbitrary: fc.integer({ min: min - 10, max: max + 10 }).map(String) },
    // The edges: the bounds, just past them, zero's neighbours (subnormal), written oddly.
    {
      weight: 2,
      arbitrary: pick([
        String(min),
        String(max),
        `${max}.0000000001`,
        `${min}e0`,
        '-0',
        '5e-324',
        '-5e-324',
        '2.2250738585072014e-308',
        '0.1e1',
        '+1',
        '.5',
        '1.',
      ]),
    },
    { weight: 2, arbitrary: hostileText },
  );

/**
 * When a photo was taken (ISO 8601 date-time): mostly as the app writes it, now and then at the
 * format's edges. A leap second (`23:59:60`) is a valid date-time that no JavaScript Date can
 * hold; PostgreSQL has no year 0000 (nor `0001-01-01T00:00:00+01:00` in UTC), and
 * `9999-12-31T23:59:59-23:59` is in year 10000 in UTC.
 */
const takenAtFits: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .date({
        min: new Date('2000-01-01T00:00:00Z'),
        max: new Date('2100-01-01T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((date) => date.toISOString()),
  },
  {
    weight: 3,
    arbitrary: pick([
      '2026-11-28T10:15:00+01:00',
      '2030-06-30T23:59:60Z',
      '2030-07-01T01:59:60+02:00',
      '2030-06-01t00:00:00z',
      '2030-06-01 00:00:00Z',
      '2030-06-01T00:00:00.123456789+02:00',
      '0000-01-01T00:00:00Z',
      '9999-12-31T23:59:59-23:59',
      '1969-12-31T23:59:59.999Z',
      '2030-06-01T00:00:00',
      '2030-06-01',
      '2030-02-29T00:00:00Z',
      '2030-06-01T00:00:00+24:00',
      '+275760-09-13T00:00:00Z',
      '0001-01-01T00:00:00+01:00',
    ]),
  },
);

const takenAt = fc.oneof({ weight: 6, arbitrary: takenAtFits }, { weight: 1, arbitrary: hostileText });

function paramValue(world: World, scope: Scope, kind: ParamKind, anchor?: Anchor): fc.Arbitrary<string> {
  switch (kind) {
    case 'assessment':
    case 'residence':
      return anchor ? anchored(world, scope, kind, anchor) : idOf(world, scope, kind);
    case 'newAssessmentId':
      return fc.oneof(
        { weight: 3, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: idOf(world, scope, 'assessment') },
      );
    case 'newPhotoId':
      // A new id, as the app makes one; now and then a stored photo's (409 PHOTO_ID_TAKEN).
      return fc.oneof(
        { weight: 4, arbitrary: fc.uuid() },
        { weight: 1, arbitrary: idOf(world, scope, 'photo') },
      );
    case 'question':
      return fc.oneof(
        { weight: 4, arbitrary: pick(world.questions.map((q) => q.uniqueId)) },
        { weight: 1, arbitrary: hostileText },
      );
    case 'takenAt':
      return takenAt;
    case 'search':
      return fc.oneof(
        {
          weight: 6,
          arbitrary: pick([
            'Egevænget',
            'skovvej 1',
            'vej',
            '8220',
            '  ab  ',
            'st. 1,',
            'æ ø å',
            '___',
            '%%%',
          ]),
        },
        { weight: 3, arbitrary: hostileText },
      );
    case 'size':
      return numberText(1, 1000, true);
    case 'page':
      return numberText(0, 100_000, true);
    case 'latitude':
      return numberText(-90, 90, false);
    case 'longitude':
      return numberText(-180, 180, false);
    case 'returnPath':
      return fc.oneof(
        pick([
          '/',
          '/residence/x?y=1',
          '//evil.example',
          'https://evil.example/',
          '/\\evil.example',
          'javascript:alert(1)',
        ]),
        hostileText,
      );
    default:
      return idOf(world, scope, kind);
  }
}

/**
 * A query string: each parameter present or missing, some given twice (`a=1&a=2`), unknown
 * and hostile names added, values encoded or broken; now and then a random string instead.
 */
function queryString(world: World, scope: Scope, params: Record<string, ParamKind>): fc.Arbitrary<string> {
  const entries = Object.entries(params);
  const named = Object.values(params).some((kind) => kind === 'assessment' || kind === 'residence');
  return named
    ? anchorOf(world, scope).chain((anchor) => queryStringOf(world, scope, entries, anchor))
    : queryStringOf(world, scope, entries);
}

function queryStringOf(
  world: World,
  scope: Scope,
  entries: [string, ParamKind][],
  anchor?: Anchor,
): fc.Arbitrary<string> {
  const pair = ([name, kind]: [string, ParamKind]) =>
    queryValue(paramValue(world, scope, kind, anchor)).map((value) => `${name}=${value}`);
  const shaped = fc
    .tuple(
      fc.tuple(...entries.map((entry) => fc.option(pair(entry), { freq: 10, nil: null }))),
      entries.length > 0
        ? fc.oneof(
            { weight: 8, arbitrary: fc.constant([] as string[]) },
            { weight: 1, arbitrary: pick(entries).chain((entry) => pair(entry).map((p) => [p])) },
          )
        : fc.constant([] as string[]),
      fc.array(
        fc
          .tuple(
            fc.oneof(
              pick(['a[]', 'a[b]', '__proto__', 'constructor', '', '=', 'id', 'access_token']),
              hostileText,
            ),
            hostileText,
          )
          .map(([name, value]) => `${encode(name)}=${encode(value)}`),
        { maxLength: 2 },
      ),
    )
    .map(([present, twice, extra]) => [...present.filter((p) => p !== null), ...twice, ...extra].join('&'));
  return fc.oneof(
    { weight: 12, arbitrary: shaped },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'binary-ascii', maxLength: 60 }).map((s) => s.replace(/[#\s]/g, '')),
    },
    { weight: 1, arbitrary: fc.constant('') },
  );
}

// ---------------------------------------------------------------------------------------------
// Bodies

/** A field's value: mostly one that fits, sometimes another type, sometimes hostile text. */
const field = <T>(fits: fc.Arbitrary<T>) =>
  fc.oneof(
    { weight: 16, arbitrary: fits as fc.Arbitrary<unknown> },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 2 }) },
    { weight: 1, arbitrary: hostileText },
  );

/** An object with its `required` fields (now and then one left out) and some of its `optional` ones. */
function objectOf(
  required: Record<string, fc.Arbitrary<unknown>>,
  optional: Record<string, fc.Arbitrary<unknown>> = {},
): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .tuple(
      fc.record(required),
      fc.record(optional, { requiredKeys: [] }),
      fc.oneof(
        { weight: 12, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: pick(Object.keys(required)) },
      ),
    )
    .map(([fields, more, missing]) =>
      Object.fromEntries(Object.entries({ ...fields, ...more }).filter(([key]) => key !== missing)),
    );
}

/** A list of 1 to `max` items, now and then an empty one. */
const listOf = <T>(item: fc.Arbitrary<T>, max: number) =>
  fc.oneof(
    { weight: 12, arbitrary: fc.array(item, { minLength: 1, maxLength: max }) },
    { weight: 1, arbitrary: fc.constant([]) },
  );

const validFrom = fc.oneof(
  {
    weight: 6,
    arbitrary: pick(['2099-12-31', '2030-01-01', '2030-06-01T00:00:00+02:00', '2030-06-01T23:59:59.999Z']),
  },
  {
    weight: 2,
    arbitrary: pick([
      '2000-01-01',
      '1899-12-31',
      '2030-02-29',
      '2030-02-30',
      '9999-99-99',
      '9999-12-31',
      '0000-01-01',
      '2030-06-01T24:00',
      '2030-06-01T00:00:00+99:99',
    ]),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }),
        fc.integer({ min: 0, max: 99 }),
        fc.integer({ min: 0, max: 99 }),
        fc.option(pick(['T00:00', 'T12:30:15', 'T99:99:99.5', 'T00:00:00Z', 'T01:02+0530', 'T00:00-2400'])),
      )
      .map(
        ([y, m, d, time]) =>
          `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}${time ?? ''}`,
      ),
  },
  { weight: 1, arbitrary: hostileText },
);

/** The answer fields of a syncanswer for a question of this kind: mostly ones it takes. */
function answerFields(question: World['questions'][number]): Record<string, fc.Arbitrary<unknown>> {
  const numbers = fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: question.rangeStart ?? 0, max: question.rangeEnd ?? 100 }) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
    { weight: 1, arbitrary: pick([-0, 0.001, 1e308, 5e-324, 2 ** 53 + 1, -1]) },
  );
  const values = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.subarray(question.options, { maxLength: Math.min(3, question.options.length) }),
    },
    {
      weight: 1,
      arbitrary: fc.array(
        fc.oneof(pick(question.options.length > 0 ? question.options : ['x']), hostileText),
        { maxLength: 25 },
      ),
    },
  );
  const comment = fc.oneof(fc.constant(null), fc.constant(''), hostileText, fc.string({ maxLength: 2_100 }));
  return question.type === 'numeric'
    ? { numericValue: field(numbers), comment: field(comment) }
    : { values: field(values), comment: field(comment) };
}

function shapedBody(world: World, scope: Scope, kind: BodyKind): fc.Arbitrary<unknown> {
  const id = (k: IdKind) => idOf(world, scope, k);
  const anchor = anchorOf(world, scope);
  const pair = field(
    anchor.chain((a) =>
      objectOf({
        assessmentId: field(anchored(world, scope, 'assessment', a)),
        propertyId: field(anchored(world, scope, 'residence', a)),
      }),
    ),
  );
  const pairs = (max: number) =>
    fc.oneof(
      { weight: 12, arbitrary: listOf(pair, max) },
      // Over the most a call takes (500 located, 5,000 abandoned).
      { weight: 1, arbitrary: pair.chain((p) => pick([501, 5_001]).map((n) => Array<unknown>(n).fill(p))) },
    );
  switch (kind) {
    case 'located':
      return pairs(6);
    case 'abandonMany':
      return objectOf({ assessments: field(pairs(4)) });
    case 'syncanswer':
      return pick(world.questions).chain((question) =>
        objectOf(
          {
            // Now and then another question, whose type may not take these answer fields.
            questionUniqueId: field(
              fc.oneof(
                { weight: 6, arbitrary: fc.constant(question.uniqueId) },
                { weight: 1, arbitrary: pick(world.questions.map((q) => q.uniqueId)) },
              ),
            ),
            assessmentId: field(anchor.map((a) => a.id)),
          },
          answerFields(question),
        ),
      );
    case 'finish':
      return objectOf(
        {
          assessmentsToFinish: field(
            listOf(
              anchor.chain((a) =>
                objectOf({
                  assessmentId: field(anchored(world, scope, 'assessment', a)),
                  propertyId: field(anchored(world, scope, 'residence', a)),
                  validFrom: field(validFrom),
                }),
              ),
              4,
            ),
          ),
        },
        { isFakeJob: field(fc.boolean()) },
      );
    case 'copy':
      // Mostly residences of the source's organization, as the bulk-copy screen offers them.
      return anchor.chain((source) => {
        const neighbours = poolsOf(world, scope).flatMap((p) => p.residencesOf[source.organization] ?? []);
        const target = neighbours.length > 0 ? fc.oneof(pick(neighbours), id('residence')) : id('residence');
        return objectOf(
          {
            propertyIds: field(listOf(field(target), 5)),
            sourceAssessmentIdToCopyFrom: field(anchored(world, scope, 'assessment', source)),
          },
          { isFakeJob: field(fc.boolean()) },
        );
      });
    case 'signIn':
      return objectOf(
        {
          userName: field(
            fc.oneof(pick(['skriver', 'laeser', 'flere', 'uden-org', 'uden-rolle', 'ukendt']), hostileText),
          ),
        },
        {
          returnPath: field(paramValue(world, scope, 'returnPath')),
          ttlS: field(fc.oneof(fc.integer({ min: -5, max: 90_000 }), pick([0, 1.5, 1e21]))),
        },
      );
  }
}

/** Deep nesting within the body limit. */
const deepBody = fc
  .tuple(fc.integer({ min: 50, max: 20_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth),
  );

/** Bodies that are not what the endpoint reads: other JSON, broken JSON, huge ones. */
const strangeBody: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)) },
  { weight: 2, arbitrary: hostileText },
  {
    weight: 2,
    arbitrary: pick([
      '{',
      '{"a":',
      '[1,]',
      '{"__proto__":{"x":1}}',
      '{"constructor":{"prototype":{"x":1}}}',
      'null',
      '""',
      '1e400',
      '\uFEFF{}',
    ]),
  },
  { weight: 1, arbitrary: deepBody },
  // Over the 256 KiB limit, and over the 1 MiB of the job calls.
  { weight: 1, arbitrary: pick([300 * 1024, 1100 * 1024]).map((n) => `{"x":"${'a'.repeat(n)}"}`) },
);

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/JSON',
  'application/json; charset=utf-16',
  'application/json;;',
  'application/vnd.api+json',
  'text/plain',
  'text/plain;charset=UTF-8',
  'application/x-www-form-urlencoded',
  'application/xml',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '*/*',
  '',
];

const contentType = fc.oneof(
  { weight: 30, arbitrary: fc.constant('application/json') },
  { weight: 3, arbitrary: pick(CONTENT_TYPES) },
  { weight: 1, arbitrary: headerText },
);

const asForm = (value: unknown): string =>
  value !== null && typeof value === 'object'
    ? Object.entries(value)
        .map(([k, v]) => `${encode(k)}=${encode(typeof v === 'string' ? v : (JSON.stringify(v) ?? ''))}`)
        .join('&')
    : encode(String(value));

/** A body and its content type: mostly the endpoint's shape with hostile values. */
function body(world: World, scope: Scope, kind: BodyKind): fc.Arbitrary<{ payload?: string; type?: string }> {
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc.tuple(shapedBody(world, scope, kind), contentType).map(([value, type]) => ({
        payload: type === 'application/x-www-form-urlencoded' ? asForm(value) : JSON.stringify(value),
        type,
      })),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(strangeBody, contentType).map(([payload, type]) => ({ payload, type })),
    },
    { weight: 1, arbitrary: fc.option(contentType, { nil: undefined }).map((type) => ({ type })) },
  );
}

// ---------------------------------------------------------------------------------------------
// Photo uploads (docs/api.md "Extensions", photos): multipart bodies, as bytes

/** A piece of a binary body: text (UTF-8), or bytes with how a printed case shows them. */
type Segment = string | { bytes: Uint8Array; shown: string };

/**
 * A body of segments as bytes, which fast-check prints as the text with each run of bytes
 * summed up (`«JPEG signature + 1234 random bytes»`) rather than as thousands of numbers.
 */
function bytesOf(segments: readonly Segment[], cutTo?: number): Buffer {
  const whole = Buffer.concat(
    segments.map((segment) => (typeof segment === 'string' ? Buffer.from(segment, 'utf8') : segment.bytes)),
  );
  const shown = segments
    .map((segment) => (typeof segment === 'string' ? JSON.stringify(segment).slice(1, -1) : segment.shown))
    .join('');
  const bytes = cutTo === undefined ? whole : whole.subarray(0, cutTo);
  const note = cutTo === undefined ? '' : ` cut to ${cutTo} bytes`;
  return Object.assign(bytes, { [fc.toStringMethod]: () => `bytes"${shown}"${note}` });
}

const JPEG_SIGNATURE = [0xff, 0xd8, 0xff, 0xe0];
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const WEBP_SIGNATURE = [...Buffer.from('RIFF'), 0x24, 0, 0, 0, ...Buffer.from('WEBP')];

/** A photo as the server knows one, by its first bytes only: a signature and random bytes. */
const signed = (name: string, signature: readonly number[]) =>
  fc.uint8Array({ minLength: 8, maxLength: 4_000 }).map((rest): Segment => ({
    bytes: Buffer.concat([Buffer.from(signature), rest]),
    shown: `«${name} signature + ${rest.length} random bytes»`,
  }));

const photoBytes: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 6, arbitrary: signed('JPEG', JPEG_SIGNATURE) },
  { weight: 2, arbitrary: signed('PNG', PNG_SIGNATURE) },
  { weight: 1, arbitrary: signed('WebP', WEBP_SIGNATURE) },
);

/** Bytes that are no photo (415): HTML, other types, nothing, a signature cut before its 12 bytes. */
const notPhotoBytes: fc.Arbitrary<Segment> = fc.oneof(
  {
    weight: 3,
    arbitrary: pick([
      '<!doctype html><html><body><script>alert(1)</script></body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>',
      'GIF89a\u0001\u0000\u0001\u0000',
      '%PDF-1.7',
      '',
    ]),
  },
  {
    weight: 1,
    arbitrary: pick([JPEG_SIGNATURE.slice(0, 2), JPEG_SIGNATURE, PNG_SIGNATURE.slice(0, 7)]).map(
      (bytes): Segment => ({ bytes: Buffer.from(bytes), shown: `«${Buffer.from(bytes).toString('hex')}»` }),
    ),
  },
  { weight: 1, arbitrary: hostileText },
  {
    weight: 1,
    arbitrary: fc
      .uint8Array({ maxLength: 200 })
      .map((bytes): Segment => ({ bytes, shown: `«${bytes.length} random bytes»` })),
  },
);

/**
 * Just over the 5 MB a photo may have, within the room the route gives the envelope, so that
 * the stream's limit bites rather than Content-Length's. Made once, on first use.
 */
let tooLarge: Segment | undefined;
const tooLargeBytes = (): Segment =>
  (tooLarge ??= {
    bytes: Buffer.concat([
      Buffer.from(JPEG_SIGNATURE),
      Buffer.alloc(MAX_PHOTO_BYTES + 1 - JPEG_SIGNATURE.length),
    ]),
    shown: `«JPEG signature + zeros to ${MAX_PHOTO_BYTES + 1} bytes»`,
  });

const boundary = fc.oneof(
  { weight: 6, arbitrary: fc.stringMatching(/^-{0,8}[0-9A-Za-z]{1,24}$/) },
  { weight: 1, arbitrary: pick(["'()+_,-./:=?", 'a'.repeat(70), 'a'.repeat(71), '-', 'ÿØ']) },
);

/** The multipart type with the body's boundary, as clients write it. */
const multipartType = (b: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(`multipart/form-data; boundary=${b}`) },
    {
      weight: 1,
      arbitrary: pick([
        `multipart/form-data; boundary="${b}"`,
        `Multipart/Form-Data; BOUNDARY=${b}`,
        `multipart/form-data; charset=utf-8; boundary=${b}`,
        `multipart/form-data;boundary=${b};boundary=x`,
      ]),
    },
  );

/** A type that names no boundary, or not the body's. */
const wrongMultipartType = (b: string) =>
  pick([
    'multipart/form-data',
    'multipart/form-data; boundary=',
    'multipart/form-data; boundary=""',
    `multipart/form-data; boundary=${b}x`,
    `multipart/form-data; boundary="${b}`,
    `multipart/form-data; boundary=-${b}`,
    `multipart/mixed; boundary=${b}`,
    `multipart/form-data; boundary=${b.slice(0, -1)}`,
  ]);

/** A file part's head: mostly as a browser writes it, now and then with hostile names or types. */
const fileHead = fc
  .tuple(
    fc.oneof(
      { weight: 6, arbitrary: fc.constant('foto.jpg') },
      { weight: 1, arbitrary: hostileText },
      { weight: 1, arbitrary: headerText },
    ),
    fc.oneof(
      { weight: 6, arbitrary: pick(['image/jpeg', 'image/png', 'image/webp']) },
      { weight: 1, arbitrary: pick(['application/octet-stream', 'text/html', 'image/svg+xml', '']) },
      { weight: 1, arbitrary: headerText },
    ),
  )
  .map(
    ([filename, type]) =>
      `Content-Disposition: form-data; name="photo"; filename="${filename}"\r\nContent-Type: ${type}\r\n`,
  );

const filePart = (b: string, head: string, content: Segment): Segment[] => [
  `--${b}\r\n${head}\r\n`,
  content,
  '\r\n',
];

/** A field part (the server takes none: the fields are in the query string). */
const fieldPart = fc.tuple(pick(['residenceId', 'photoId', 'photo', '']), hostileText).map(
  ([name, value]) =>
    (b: string) =>
      `--${b}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
);

/**
 * A multipart body's segments and its boundary: its file parts (with heads of fileHead), and
 * field parts before or after them.
 */
function multipartBody(
  files: fc.Arbitrary<Segment[]>,
  more: fc.Arbitrary<((b: string) => string)[]> = fc.constant([]),
  moreFirst: fc.Arbitrary<boolean> = fc.constant(false),
) {
  return fc
    .tuple(boundary, fc.array(fileHead, { minLength: 2, maxLength: 2 }), files, more, moreFirst)
    .map(([b, heads, contents, extra, first]) => {
      const parts = contents.flatMap((content, i) => filePart(b, heads[i]!, content));
      const fields = extra.map((part) => part(b));
      return { b, segments: [...(first ? fields : []), ...parts, ...(first ? [] : fields), `--${b}--\r\n`] };
    });
}

type Body = { payload?: string | Buffer; type?: string };

/**
 * The upload's body and type: mostly one photo as the app sends it; else a file that is no
 * photo (HTML declared as a JPEG, an empty one), two files, a field part, no file, a body cut
 * short, a type without the body's boundary, JSON, garbage, none, or a photo over 5 MB.
 */
const photoBody: fc.Arbitrary<Body> = fc.oneof(
  {
    weight: 12,
    arbitrary: multipartBody(photoBytes.map((photo) => [photo])).chain(({ b, segments }) =>
      multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  {
    weight: 3,
    arbitrary: multipartBody(notPhotoBytes.map((bytes) => [bytes])).chain(({ b, segments }) =>
      multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  {
    weight: 1,
    arbitrary: multipartBody(
      fc.tuple(photoBytes, fc.oneof(photoBytes, notPhotoBytes)).map((files) => [...files]),
    ).chain(({ b, segments }) =>
      multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  {
    weight: 1,
    arbitrary: multipartBody(
      photoBytes.map((photo) => [photo]),
      fc.array(fieldPart, { minLength: 1, maxLength: 2 }),
      fc.boolean(),
    ).chain(({ b, segments }) =>
      multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  {
    weight: 1,
    arbitrary: multipartBody(fc.constant([]), fc.array(fieldPart, { maxLength: 1 })).chain(
      ({ b, segments }) => multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  // Cut short anywhere: in a part's head, in the photo, before the closing boundary.
  {
    weight: 2,
    arbitrary: fc
      .tuple(multipartBody(photoBytes.map((photo) => [photo])), fc.double({ min: 0, max: 1, noNaN: true }))
      .chain(([{ b, segments }, at]) =>
        multipartType(b).map((type): Body => ({
          payload: bytesOf(segments, Math.floor(at * bytesOf(segments).length)),
          type,
        })),
      ),
  },
  {
    weight: 1,
    arbitrary: multipartBody(photoBytes.map((photo) => [photo])).chain(({ b, segments }) =>
      wrongMultipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.oneof(strangeBody, fc.constant('{"photo":"/9j/4AAQSkZJRg=="}')), contentType)
      .map(([payload, type]): Body => ({ payload, type })),
  },
  {
    weight: 1,
    arbitrary: fc
      .tuple(
        fc.oneof(
          hostileText,
          fc
            .uint8Array({ maxLength: 300 })
            .map((bytes) => bytesOf([{ bytes, shown: `«${bytes.length} random bytes»` }])),
        ),
        fc.oneof(pick(CONTENT_TYPES), boundary.chain(multipartType)),
      )
      .map(([payload, type]): Body => ({ payload, type })),
  },
  {
    weight: 1,
    arbitrary: fc
      .option(fc.oneof(boundary.chain(multipartType), pick(CONTENT_TYPES)), { nil: undefined })
      .map((type): Body => ({ type })),
  },
  {
    weight: 1,
    arbitrary: multipartBody(fc.constant(null).map(() => [tooLargeBytes()])).chain(({ b, segments }) =>
      multipartType(b).map((type): Body => ({ payload: bytesOf(segments), type })),
    ),
  },
);

/** A multipart body with one photo as its one file part, as the app sends it; and its type. */
export function photoUpload(bytes: Uint8Array, b = 'fuzz-photo'): { payload: Buffer; type: string } {
  const head =
    'Content-Disposition: form-data; name="photo"; filename="foto.jpg"\r\nContent-Type: image/jpeg\r\n';
  return {
    payload: bytesOf([...filePart(b, head, { bytes, shown: `«${bytes.length} bytes»` }), `--${b}--\r\n`]),
    type: `multipart/form-data; boundary=${b}`,
  };
}

// ---------------------------------------------------------------------------------------------
// Headers and actors

/** Up to three headers any request may carry, with hostile values. */
const extraHeaders: fc.Arbitrary<Record<string, string>> = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.constant('accept'),
        fc.oneof(
          pick(['application/json', 'text/event-stream', 'text/html', '*/*', 'image/png']),
          headerText,
        ),
      ),
      fc.tuple(
        fc.constant('accept-encoding'),
        fc.oneof(pick(['br', 'gzip', 'deflate', 'identity', 'br;q=0, gzip;q=2', '*', 'zstd']), headerText),
      ),
      fc.tuple(fc.constant('if-none-match'), fc.oneof(pick(['*', '"x"', 'W/"1"', '"a", "b"']), headerText)),
      fc.tuple(fc.constant('x-request-id'), headerText),
      fc.tuple(
        fc.constant('origin'),
        fc.oneof(pick(['http://localhost', 'https://evil.example', 'null']), headerText),
      ),
      fc.tuple(fc.constant('x-forwarded-for'), fc.oneof(fc.ipV4(), headerText)),
      fc.tuple(fc.constant('x-forwarded-proto'), pick(['https', 'http', 'gopher'])),
      fc.tuple(fc.constant('cookie'), headerText),
      fc.tuple(fc.constant('content-encoding'), pick(['gzip', 'br', 'identity', 'x-unknown'])),
      fc.tuple(fc.constant('transfer-encoding'), pick(['chunked', 'gzip, chunked'])),
      fc.tuple(
        headerText.map((name) => `x-${name.replace(/[^a-z0-9-]/gi, '')}`),
        headerText,
      ),
    ),
    { maxLength: 3 },
  )
  .map((entries) => Object.fromEntries(entries));

const idempotencyKey = fc.oneof(
  fc.string({ minLength: 1, maxLength: 20 }).filter((s) => /^[\x21-\x7e]+$/.test(s)),
  headerText,
);

/** Actors with no right to change anything (plus skriver, given only other organizations' ids). */
export const NO_RIGHTS_ACTORS: readonly ActorName[] = [...INVALID_TOKEN_ACTORS, ...POWERLESS_USERS];

function actor(names: readonly ActorName[]): fc.Arbitrary<Actor> {
  return fc
    .tuple(
      pick(names),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant('header' as const) },
        { weight: 1, arbitrary: pick(['lowercase', 'query', 'basic'] as const) },
      ),
      fc.oneof(
        headerText,
        hostileText.map((s) => `Bearer ${encode(s)}`),
        fc
          .array(fc.base64String({ maxLength: 40 }), { minLength: 1, maxLength: 4 })
          .map(
            (parts) => `Bearer ${parts.join('.').replace(/\+/g, '-').replace(/\//g, '_').replace(/=/g, '')}`,
          ),
        pick([
          'Bearer',
          'Bearer ',
          'Bearer a b',
          'bearer  .. ',
          'Token x',
          'Bearer null',
          'Bearer undefined',
        ]),
      ),
    )
    .map(([name, placement, garbage]) =>
      name === 'garbage' ? { name, placement, garbage } : { name, placement },
    );
}

// ---------------------------------------------------------------------------------------------
// Requests

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'];

/**
 * Routes that share a path with an endpoint above under another method, which a wrong method
 * must not reach: POST /auth/logout is left out of ENDPOINTS because it ends the session of the
 * actor's token, which every later request of that actor needs; POST /api/v2/photos is the
 * upload, which photoRequest sends with a body it reads.
 */
const SAME_PATH_ROUTES = new Set(['POST /auth/logout', 'POST /api/v2/photos']);

/** The methods that reach no handler at the endpoint's path. */
const wrongMethods = (endpoint: Endpoint) =>
  METHODS.filter((m) => m !== endpoint.method && !SAME_PATH_ROUTES.has(`${m} ${endpoint.path}`));

function endpointRequest(world: World, scope: Scope, endpoint: Endpoint, who: fc.Arbitrary<Actor>) {
  const target = `${endpoint.method} ${endpoint.path}`;
  return fc
    .tuple(
      queryString(world, scope, endpoint.params ?? {}),
      endpoint.body
        ? body(world, scope, endpoint.body)
        : fc.constant<{ payload?: string; type?: string }>({}),
      extraHeaders,
      endpoint.body && IDEMPOTENT.has(endpoint.body)
        ? fc.option(idempotencyKey, { nil: undefined })
        : fc.constant(undefined),
      who,
      // Now and then the wrong method: 404 (or 405), never a handler.
      fc.oneof(
        { weight: 15, arbitrary: fc.constant(null) },
        { weight: 1, arbitrary: pick(wrongMethods(endpoint)) },
      ),
      spelled(endpoint.path),
    )
    .map(([query, { payload, type }, headers, key, who, method, path]): FuzzRequest => ({
      target,
      method: method ?? endpoint.method,
      path,
      query,
      headers: {
        ...headers,
        ...(type !== undefined && { 'content-type': type }),
        ...(key !== undefined && { 'idempotency-key': key }),
      },
      payload,
      actor: who,
    }));
}

/** GET /api/v2/jobs/{jobId}: a job of the user, of another user, unknown, or a hostile segment. */
function jobRequest(world: World, scope: Scope, who: fc.Arbitrary<Actor>) {
  return fc
    .tuple(
      fc.oneof(
        idOf(world, scope, 'job').map(encode),
        hostileText.map((s) => encode(s) + '/x'),
        pick(BROKEN_ENCODING),
      ),
      extraHeaders,
      who,
      spelled('/api/v2/jobs/'),
    )
    .map(([segment, headers, who, prefix]): FuzzRequest => ({
      target: 'GET /api/v2/jobs/{jobId}',
      method: 'GET',
      path: `${prefix}${segment}`,
      query: '',
      headers,
      actor: who,
    }));
}

/**
 * The upload's query: a photo of a residence, of one of its assessments, or of a question of
 * the assessment (PhotoUploadQuery).
 */
const PHOTO_UPLOADS: readonly Record<string, ParamKind>[] = [
  { photoId: 'newPhotoId', residenceId: 'residence' },
  { photoId: 'newPhotoId', residenceId: 'residence', takenAt: 'takenAt' },
  { photoId: 'newPhotoId', residenceId: 'residence', assessmentId: 'assessment', takenAt: 'takenAt' },
  {
    photoId: 'newPhotoId',
    residenceId: 'residence',
    assessmentId: 'assessment',
    questionUniqueId: 'question',
    takenAt: 'takenAt',
  },
];

/**
 * The upload's query as the app writes it: a new photo id (now and then a stored photo's), the
 * assessment's residence (now and then another residence), its assessment, a question of the
 * catalogue. Most uploads of a writer then get past the checks to the bytes and the row.
 */
function uploadQuery(world: World, scope: Scope, params: Record<string, ParamKind>): fc.Arbitrary<string> {
  const residences = poolsOf(world, scope).flatMap((p) => p.residence);
  const photos = poolsOf(world, scope).flatMap((p) => p.photo);
  const fitting = (kind: ParamKind, anchor: Anchor): fc.Arbitrary<string> => {
    switch (kind) {
      case 'newPhotoId':
        return fc.oneof({ weight: 8, arbitrary: fc.uuid() }, { weight: 1, arbitrary: pick(photos) });
      case 'residence':
        return fc.oneof(
          { weight: 3, arbitrary: fc.constant(anchor.residence) },
          { weight: 1, arbitrary: pick(residences) },
        );
      case 'assessment':
        return fc.constant(anchor.id);
      case 'question':
        return pick(world.questions.map((q) => q.uniqueId));
      case 'takenAt':
        return takenAtFits;
      default:
        return paramValue(world, scope, kind, anchor);
    }
  };
  return anchorOf(world, scope).chain((anchor) =>
    fc
      .tuple(
        ...Object.entries(params).map(([name, kind]) =>
          fitting(kind, anchor).map((value) => `${name}=${encode(value)}`),
        ),
      )
      .map((pairs) => pairs.join('&')),
  );
}

/**
 * The photo calls with a body or a path parameter (docs/api.md "Extensions", photos): the upload
 * (its query mostly as the app writes it, else as hostile as any other endpoint's; photoBody;
 * with or without its Idempotency-Key), and GET and DELETE of a photo of the user, of another
 * organization, unknown, or a hostile segment. Weighted as the other endpoints: the two writes
 * twice as often as the read.
 */
function photoRequest(world: World, scope: Scope, who: fc.Arbitrary<Actor>) {
  const upload = fc
    .tuple(
      pick(PHOTO_UPLOADS).chain((params) =>
        fc.oneof(
          { weight: 3, arbitrary: uploadQuery(world, scope, params) },
          { weight: 1, arbitrary: queryString(world, scope, params) },
        ),
      ),
      photoBody,
      extraHeaders,
      // The key the app sends (a UUID) most of the time, else any, a few reused, or none.
      fc.oneof(
        { weight: 6, arbitrary: fc.uuid() },
        { weight: 2, arbitrary: idempotencyKey },
        { weight: 1, arbitrary: pick(['fuzz-1', 'fuzz-2']) },
        { weight: 1, arbitrary: fc.constant(undefined) },
      ),
      who,
      // Now and then a method the path has no route for: 404, never the upload.
      fc.oneof(
        { weight: 15, arbitrary: fc.constant('POST') },
        { weight: 1, arbitrary: pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS']) },
      ),
      spelled('/api/v2/photos'),
    )
    .map(([query, { payload, type }, headers, key, who, method, path]): FuzzRequest => ({
      target: 'POST /api/v2/photos',
      method,
      path,
      query,
      headers: {
        ...headers,
        ...(type !== undefined && { 'content-type': type }),
        ...(key !== undefined && { 'idempotency-key': key }),
      },
      payload,
      actor: who,
    }));
  const byId = (method: 'GET' | 'DELETE') =>
    fc
      .tuple(
        fc.oneof(
          { weight: 8, arbitrary: idOf(world, scope, 'photo').map(encode) },
          { weight: 1, arbitrary: hostileText.map((s) => encode(s) + '/x') },
          { weight: 1, arbitrary: pick(BROKEN_ENCODING) },
          {
            weight: 1,
            arbitrary: fc
              .tuple(idOf(world, scope, 'photo'), pick(BROKEN_ENCODING))
              .map(([id, broken]) => encode(id) + broken),
          },
        ),
        extraHeaders,
        who,
        // Now and then another method: HEAD of the photo's bytes, or one with no route.
        fc.oneof(
          { weight: 15, arbitrary: fc.constant(method) },
          { weight: 1, arbitrary: pick(METHODS.filter((m) => m !== method)) },
        ),
        spelled('/api/v2/photos/'),
      )
      .map(([segment, headers, who, sent, prefix]): FuzzRequest => ({
        target: `${method} /api/v2/photos/{photoId}`,
        method: sent,
        path: `${prefix}${segment}`,
        query: '',
        headers,
        actor: who,
      }));
  return fc.oneof(
    { weight: 4, arbitrary: upload },
    { weight: 2, arbitrary: byId('GET') },
    { weight: 4, arbitrary: byId('DELETE') },
  );
}

/** Paths nobody serves, and the API's prefixes with hostile segments: 404 or 400 JSON. */
function strayRequest(who: fc.Arbitrary<Actor>) {
  return fc
    .tuple(
      pick(METHODS),
      fc.oneof(
        fc.webPath().map((path) => (path.startsWith('/') ? path : `/${path}`)),
        fc
          .tuple(
            pick(['/api/', '/api/v2/', '/api/v3/', '/auth/', '/messagehub/', '/', '//', '/api/v2/../../']),
            hostileText,
          )
          .map(([prefix, rest]) => prefix + encode(rest)),
        fc.tuple(pick(ENDPOINTS.map((e) => e.path)), pick(BROKEN_ENCODING)).map(([p, broken]) => p + broken),
        fc
          .tuple(pick(ENDPOINTS.map((e) => e.path)), fc.boolean())
          .map(([p, upper]) => (upper ? p.toUpperCase() : `${p}/`)),
      ),
      fc.option(strangeBody, { nil: undefined }),
      extraHeaders,
      who,
    )
    .map(([method, path, payload, headers, who]): FuzzRequest => ({
      target: 'stray path',
      method,
      path,
      query: '',
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'application/json' },
      payload: method === 'GET' || method === 'HEAD' ? undefined : payload,
      actor: who,
    }));
}

/** A URL of long token-like text (slowUrl), by anyone: answered, never a 5xx. */
function slowRequest(who: fc.Arbitrary<Actor>) {
  return fc.tuple(slowUrl, extraHeaders, who).map(([{ method, path, query }, headers, who]): FuzzRequest => ({
    target: 'slow URL',
    method,
    path,
    query,
    headers,
    actor: who,
  }));
}

const RS = '\u001e';

/** A writer's hub requests name the writer's own connection half the time, so that they get past the checks. */
const ownerOf = (who: Actor, owner: (typeof WRITERS)[number], own: boolean): (typeof WRITERS)[number] =>
  own && (WRITERS as readonly string[]).includes(who.name) ? (who.name as (typeof WRITERS)[number]) : owner;

/** Client records of the SignalR JSON protocol, well-formed or not (docs/api.md "The hub"). */
export const hubRecords: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      { weight: 3, arbitrary: fc.constant(`{"protocol":"json","version":1}${RS}`) },
      {
        weight: 2,
        arbitrary: pick([
          `{"protocol":"messagepack","version":1}${RS}`,
          `{"protocol":"json","version":2}${RS}`,
          `{"protocol":"json"}${RS}`,
          `{"type":6}${RS}`,
          `{"type":7}${RS}`,
          `{"type":7,"error":"x","allowReconnect":true}${RS}`,
          `{"type":1,"target":"Echo","invocationId":"1","arguments":[]}${RS}`,
          `{"type":4,"target":"Stream","invocationId":"2","arguments":[1]}${RS}`,
          `{"type":3,"invocationId":"1","error":"x"}${RS}`,
          `{"type":"1"}${RS}`,
          `{}${RS}`,
          `[]${RS}`,
          `null${RS}`,
          RS,
          `${RS}${RS}`,
        ]),
      },
      { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value) + RS) },
      { weight: 2, arbitrary: hostileText.map((text) => text + RS) },
      { weight: 1, arbitrary: hostileText },
      // An endless record: over the 64 KiB the server keeps of an unfinished one.
      { weight: 1, arbitrary: fc.constant('{"a":"' + 'x'.repeat(70 * 1024)) },
    ),
    { maxLength: 4 },
  )
  .map((records) => records.join(''));

/**
 * The hub: negotiate, and the transport requests on a connection the harness makes first
 * (fresh, long polling, handshaken, or ended by DELETE), naming it, another id, or none.
 */
function hubRequest(who: fc.Arbitrary<Actor>) {
  const negotiate = fc
    .tuple(
      fc.oneof({ weight: 8, arbitrary: fc.constant('POST') }, { weight: 1, arbitrary: pick(METHODS) }),
      fc.option(queryValue(fc.oneof(fc.constant('1'), hostileText)), { nil: undefined }),
      fc.option(hubRecords, { nil: undefined }),
      extraHeaders,
      who,
      spelled('/messagehub/negotiate'),
    )
    .map(([method, version, payload, headers, who, path]): FuzzRequest => ({
      target: 'POST /messagehub/negotiate',
      method,
      path,
      query: version === undefined ? '' : `negotiateVersion=${version}`,
      headers: payload === undefined ? headers : { ...headers, 'content-type': 'text/plain;charset=UTF-8' },
      payload: method === 'GET' || method === 'HEAD' ? undefined : payload,
      actor: who,
    }));
  const transport = fc
    .tuple(
      fc.oneof(
        { weight: 6, arbitrary: pick(['GET', 'POST', 'DELETE']) },
        { weight: 1, arbitrary: pick(['PUT', 'PATCH', 'OPTIONS', 'HEAD']) },
      ),
      fc.oneof(
        { weight: 8, arbitrary: fc.constant(`id=${CONNECTION}`) },
        { weight: 1, arbitrary: fc.constant(`id=${CONNECTION}&id=${CONNECTION}`) },
        { weight: 1, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constant('id=') },
        { weight: 2, arbitrary: queryValue(hostileText).map((id) => `id=${id}`) },
      ),
      fc.option(queryValue(fc.oneof(fc.integer().map(String), hostileText)), { nil: undefined }),
      pick(['fresh', 'polling', 'handshaken', 'deleted'] as const),
      pick(WRITERS),
      fc.oneof(
        { weight: 3, arbitrary: fc.constant('text/plain;charset=UTF-8') },
        { weight: 1, arbitrary: pick(CONTENT_TYPES) },
      ),
      fc.oneof(
        { weight: 2, arbitrary: fc.constant('text/event-stream') },
        { weight: 3, arbitrary: fc.constant('*/*') },
      ),
      hubRecords,
      extraHeaders,
      who,
      fc.boolean(),
      spelled('/messagehub'),
    )
    .map(
      ([
        method,
        id,
        cacheBuster,
        state,
        owner,
        type,
        accept,
        payload,
        headers,
        who,
        own,
        path,
      ]): FuzzRequest => ({
        target: `${method === 'POST' || method === 'DELETE' ? method : 'GET'} /messagehub`,
        method,
        path,
        query: [id, cacheBuster === undefined ? '' : `_=${cacheBuster}`].filter(Boolean).join('&'),
        headers: { ...headers, accept, ...(method === 'POST' && { 'content-type': type }) },
        payload: method === 'POST' ? payload : undefined,
        actor: who,
        connection: { owner: ownerOf(who, owner, own), state },
      }),
    );
  return fc.oneof({ weight: 1, arbitrary: negotiate }, { weight: 3, arbitrary: transport });
}

/**
 * Any request of the fuzz, sent by one of `actors`, with ids of `scope`: every endpoint about
 * equally often (the writes twice as often), the hub as often as four of them, stray paths as
 * one, slow URLs as half of one. Now and then an endpoint's path is spelled another way
 * (respelled).
 */
export function fuzzRequest(
  world: World,
  scope: Scope,
  actors: readonly ActorName[],
): fc.Arbitrary<FuzzRequest> {
  const who = actor(actors);
  return fc.oneof(
    ...ENDPOINTS.map((endpoint) => ({
      weight: endpoint.write ? 4 : 2,
      arbitrary: endpointRequest(world, scope, endpoint, who),
    })),
    { weight: 2, arbitrary: jobRequest(world, scope, who) },
    { weight: 10, arbitrary: photoRequest(world, scope, who) },
    { weight: 8, arbitrary: hubRequest(who) },
    { weight: 2, arbitrary: strayRequest(who) },
    { weight: 1, arbitrary: slowRequest(who) },
  );
}

/** A raw WebSocket upgrade request (docs/api.md "The hub", WebSockets). */
export interface UpgradeRequest {
  method: string;
  path: string;
  query: string;
  headers: [string, string][];
  actor: Actor;
  connection: { owner: (typeof WRITERS)[number]; state: ConnectionState };
  /** Text frames sent once upgraded, or raw bytes that are no frame. */
  frames: string[];
  garbageAfterUpgrade: boolean;
}

export function upgradeRequest(actors: readonly ActorName[]): fc.Arbitrary<UpgradeRequest> {
  const validKey = fc
    .uint8Array({ minLength: 16, maxLength: 16 })
    .map((bytes) => Buffer.from(bytes).toString('base64'));
  // Each part is what the client sends most of the time, so that about one case in five gets
  // through every check and the others fail in one or two ways.
  const mostly = <T>(valid: fc.Arbitrary<T>, ...others: fc.Arbitrary<T>[]) =>
    fc.oneof(
      { weight: 6 * others.length, arbitrary: valid },
      ...others.map((arbitrary) => ({ weight: 1, arbitrary })),
    );
  return fc
    .record({
      method: mostly(fc.constant('GET'), pick(['POST', 'DELETE', 'PUT', 'HEAD'])),
      path: mostly(
        fc.constant('/messagehub'),
        pick(['/messagehub/', '/messagehub/negotiate', '/api/v2/userinfo', '/', '/MESSAGEHUB']),
        // Another spelling of the hub's path: the upgrade is no route, so the server compares it raw.
        respelled('/messagehub').filter((path) => path !== '/messagehub'),
      ),
      query: mostly(
        fc.constant(`id=${CONNECTION}`),
        fc.constant(''),
        queryValue(hostileText).map((id) => `id=${id}`),
        fc.constant(`id=${CONNECTION}&id=x`),
      ),
      upgrade: mostly(
        pick(['websocket', 'WebSocket']),
        pick(['h2c', 'websocket, h2c', 'web socket']),
        headerText.filter((s) => s.trim() !== ''),
      ),
      key: mostly<string | undefined>(validKey, fc.constant(undefined), headerText),
      version: mostly<string | undefined>(
        pick(['13', '8']),
        pick([undefined, '12', '0', '13, 8', '+13']),
        headerText,
      ),
      origin: mostly<string | undefined>(
        pick([undefined, 'SAME']),
        pick(['https://evil.example', 'null', 'http://localhost']),
        headerText,
      ),
      protocol: mostly<string | undefined>(fc.constant(undefined), pick(['json', 'messagepack', 'a,,b', ''])),
      actor: mostly(actor(WRITERS), actor(actors)),
      state: mostly(
        fc.constant<ConnectionState>('fresh'),
        pick(['polling', 'handshaken', 'deleted'] as const),
      ),
      owner: pick(WRITERS),
      frames: fc.array(hubRecords, { maxLength: 3 }),
      garbageAfterUpgrade: fc.boolean(),
      own: mostly(fc.constant(true), fc.constant(false)),
    })
    .map((r): UpgradeRequest => ({
      method: r.method,
      path: r.path,
      query: r.query,
      headers: [
        ['Upgrade', r.upgrade],
        ['Connection', 'Upgrade'],
        ...(r.key === undefined ? [] : [['Sec-WebSocket-Key', r.key] as [string, string]]),
        ...(r.version === undefined ? [] : [['Sec-WebSocket-Version', r.version] as [string, string]]),
        ...(r.origin === undefined ? [] : [['Origin', r.origin] as [string, string]]),
        ...(r.protocol === undefined ? [] : [['Sec-WebSocket-Protocol', r.protocol] as [string, string]]),
      ],
      actor: r.actor,
      connection: { owner: ownerOf(r.actor, r.owner, r.own), state: r.state },
      frames: r.frames,
      garbageAfterUpgrade: r.garbageAfterUpgrade,
    }));
}
