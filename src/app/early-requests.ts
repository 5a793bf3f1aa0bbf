/**
 * The API requests a signed-in start sends before the app's script has arrived
 * (docs/performance.md "Bytes on the wire"): inline script in index.html (vite.config.ts)
 * sends them beside the entry script, and `apiRequest` takes their answers
 * (src/api/early-responses.ts). On a phone the entry takes a second or more to arrive and run;
 * asked only then, the screen's data was another round trip or two after it.
 *
 * Only what the opening screen's first paint waits for, and only requests whose URL the path
 * and the cookies give: the session's user info and organizations, and per screen what its
 * route asks for at start (`startRequests`) and its loader waits for. The URLs are exactly those
 * `apiUrl` builds (tests/app/early-requests.test.ts), so that the app's request finds them.
 */

/** Every signed-in start: the guards wait for these (src/app/route-guards.ts `prefetchSession`). */
export const SESSION_URLS: readonly string[] = ['/api/v2/userinfo', '/api/v2/organizations/getorganizations'];

/**
 * Per screen: its path pattern and its requests. `$1`, `$2` are the pattern's groups (ids:
 * nothing else matches), `$org` the active organization (cookie `organization_id`), `$property`
 * the residence call's API version (src/api/api-version.ts: v1 unless a flag says otherwise;
 * with the flag set the request is left to the app).
 */
export const EARLY_ROUTES: readonly (readonly [pattern: string, urls: readonly string[]])[] = [
  [
    '^/departments/properties/([0-9A-Fa-f-]+)/?$',
    [
      '/api/v2/properties/availabledepartments?organizationId=$org',
      '/api/v2/properties/propertiesbydepartment?locationId=$1',
    ],
  ],
  [
    '^/assessment/([0-9A-Fa-f-]+)/([0-9A-Fa-f-]+)/[^/]+/[^/]+/?$',
    [
      '/api/v2/assessment/getassessment?assessmentId=$2&propertyId=$1',
      '/api/v2/questions?assessmentId=$2',
      '/api/$property/properties/getproperty?propertyId=$1',
    ],
  ],
];

/** The cookies the requests are made of (src/offline/cookies.ts, src/lib/feature-flags.ts). */
export interface EarlyCookieNames {
  token: string;
  organization: string;
  apiVersionFlag: string;
}

/**
 * The session's token and the URLs to ask for at a start on `pathname` with `cookie`
 * (document.cookie); null without a session. Self-contained, without imports or closures:
 * index.html runs its source text.
 */
export function earlyRequests(
  pathname: string,
  cookie: string,
  apiBase: string,
  names: EarlyCookieNames,
  session: readonly string[],
  routes: readonly (readonly [string, readonly string[]])[],
): { token: string; urls: string[] } | null {
  const read = (name: string): string | null => {
    const found = new RegExp(`(?:^|;\\s*)${name}=([^;]*)`).exec(cookie);
    return found ? decodeURIComponent(found[1]!) : null;
  };
  const token = read(names.token);
  if (!token) return null;
  const values: Record<string, string | null> = {
    org: read(names.organization),
    property: read(names.apiVersionFlag) === null ? 'v1' : null,
  };
  const urls = [...session];
  for (const [pattern, templates] of routes) {
    const match = new RegExp(pattern).exec(pathname);
    if (!match) continue;
    for (const template of templates) {
      let complete = true;
      const url = template.replace(/\$(\d|[a-z]+)/g, (_, name: string) => {
        const value = /^\d$/.test(name) ? match[Number(name)] : values[name];
        if (!value) complete = false;
        return value ? encodeURIComponent(value) : '';
      });
      if (complete) urls.push(url);
    }
    break;
  }
  return { token, urls: urls.map((url) => apiBase + url) };
}
