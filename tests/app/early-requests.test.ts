// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dropEarlyResponses, takeEarlyResponse } from '../../src/api/early-responses';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { departmentsQueryOptions } from '../../src/api/get-departments';
import { organizationsQueryOptions } from '../../src/api/get-organizations';
import { propertiesByDepartmentQueryOptions } from '../../src/api/get-properties-by-department';
import { propertyQueryOptions } from '../../src/api/get-property';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { apiRequest } from '../../src/api/http';
import { userInfoQueryOptions } from '../../src/api/user-info';
import { EARLY_ROUTES, SESSION_URLS, earlyRequests } from '../../src/app/early-requests';
import { API_VERSION_FLAG } from '../../src/lib/feature-flags';
import { ORGANIZATION_ID_COOKIE, TOKEN_COOKIE } from '../../src/offline/cookies';

const ORGANIZATION = '7c2e4b1a-3f5d-4e8a-9b6c-1d2e3f4a5b01';
const DEPARTMENT = '5e1d0000-0000-4000-8000-000000000101';
const PROPERTY = '00000000-0000-4000-8000-0000000008d4';
const ASSESSMENT = '30000000-0000-4000-8000-00000000018b';

// One expiry for the whole file: a token built a second later must still be the same token.
const EXP = Math.floor(Date.now() / 1000) + 3600;
const token = (ssoUuid: string, iat: number) =>
  [{ alg: 'HS256' }, { sso_uuid: ssoUuid, exp: EXP, iat }, 'sig']
    .map((part) => Buffer.from(typeof part === 'string' ? part : JSON.stringify(part)).toString('base64url'))
    .join('.');
const SIGNED_IN = `authentication_token=${token('user-a', 1)}; organization_id=${ORGANIZATION}`;

const NAMES = { token: TOKEN_COOKIE, organization: ORGANIZATION_ID_COOKIE, apiVersionFlag: API_VERSION_FLAG };
const early = (pathname: string, cookie = SIGNED_IN) =>
  earlyRequests(pathname, cookie, '', NAMES, SESSION_URLS, EARLY_ROUTES)?.urls ?? [];

/** The URLs the app itself requests for these queries (what index.html must ask for, exactly). */
async function requestedBy(
  ...queries: { queryKey: readonly unknown[]; queryFn?: unknown }[]
): Promise<string[]> {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      urls.push(String(input));
      return new Response('{}', { status: 200 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const query of queries) await client.fetchQuery(query as never).catch(() => undefined);
  return urls;
}

afterEach(() => {
  vi.unstubAllGlobals();
  dropEarlyResponses();
});

describe('the requests index.html sends at a signed-in start (docs/performance.md "Bytes on the wire")', () => {
  it('are none signed out', () => {
    expect(early(`/departments/properties/${DEPARTMENT}`, `organization_id=${ORGANIZATION}`)).toEqual([]);
  });

  it("are the session's on any screen, and the big list's or the question's where they open", async () => {
    expect(early('/')).toEqual(await requestedBy(userInfoQueryOptions(), organizationsQueryOptions()));
    expect(early(`/departments/properties/${DEPARTMENT}`)).toEqual(
      await requestedBy(
        userInfoQueryOptions(),
        organizationsQueryOptions(),
        departmentsQueryOptions(ORGANIZATION),
        propertiesByDepartmentQueryOptions(DEPARTMENT),
      ),
    );
    expect(early(`/assessment/${PROPERTY}/${ASSESSMENT}/screening/003`)).toEqual(
      await requestedBy(
        userInfoQueryOptions(),
        organizationsQueryOptions(),
        assessmentQueryOptions(ASSESSMENT, PROPERTY),
        questionsQueryOptions(ASSESSMENT),
        propertyQueryOptions(PROPERTY),
      ),
    );
  });

  it('leave out what the cookies do not give: no organization, an API version flag', () => {
    expect(
      early(`/departments/properties/${DEPARTMENT}`, `authentication_token=${token('user-a', 1)}`),
    ).not.toContain(expect.stringContaining('availabledepartments'));
    const flagged = early(
      `/assessment/${PROPERTY}/${ASSESSMENT}/screening/003`,
      `${SIGNED_IN}; flag-api_version=2`,
    );
    expect(flagged.some((url) => url.includes('getproperty'))).toBe(false);
    expect(flagged.some((url) => url.includes('questions'))).toBe(true);
    // Anything but ids in the path asks for nothing of the screen.
    expect(early('/departments/properties/..%2Fuserinfo')).toEqual(SESSION_URLS);
  });

  it('run as index.html runs them: from their source text alone', () => {
    const run = new Function(`return (${earlyRequests.toString()})`)() as typeof earlyRequests;
    const path = `/assessment/${PROPERTY}/${ASSESSMENT}/evaluation/012`;
    expect(run(path, SIGNED_IN, '', NAMES, SESSION_URLS, EARLY_ROUTES)).toEqual({
      token: token('user-a', 1),
      urls: early(path),
    });
  });
});

describe('taking an early answer', () => {
  const url = '/api/v2/questions?assessmentId=x';
  const leave = (sentWith: string, at = Date.now()) => {
    window.__btEarly = {
      [url]: { t: sentWith, at, p: Promise.resolve(new Response('[1]', { status: 200 })) },
    };
  };

  it('answers the app from it once, for the same user even after a renewal', async () => {
    leave(token('user-a', 1));
    document.cookie = `authentication_token=${token('user-a', 2)}; path=/`;
    const fetchMock = vi.fn(async () => new Response('[2]', { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    expect(await apiRequest(url.split('?')[0]!, { query: { assessmentId: 'x' } })).toEqual([1]);
    expect(fetchMock).not.toHaveBeenCalled();
    // Taken: the next request asks the server.
    expect(await apiRequest(url.split('?')[0]!, { query: { assessmentId: 'x' } })).toEqual([2]);
  });

  it('never answers another user, an old one, or after the first screen dropped them', () => {
    leave(token('user-a', 1));
    expect(takeEarlyResponse(url, token('user-b', 2))).toBeUndefined();
    leave(token('user-a', 1), Date.now() - 120_000);
    expect(takeEarlyResponse(url, token('user-a', 1))).toBeUndefined();
    leave(token('user-a', 1));
    expect(takeEarlyResponse(url, null)).toBeUndefined();
    leave(token('user-a', 1));
    dropEarlyResponses();
    expect(takeEarlyResponse(url, token('user-a', 1))).toBeUndefined();
    leave(token('user-a', 1));
    expect(takeEarlyResponse(url, token('user-a', 1))).toBeDefined();
  });
});
