// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRouter } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { assessmentQueryOptions } from '../../src/api/get-assessment';
import { organizationsQueryOptions } from '../../src/api/get-organizations';
import { questionsQueryOptions } from '../../src/api/get-questions';
import { tokenStore } from '../../src/api/token-store';
import { userInfoQueryOptions } from '../../src/api/user-info';
import type { AssessmentDetails } from '../../shared/contract/dto';
import { prefetchSession } from '../../src/app/route-guards';
import { activeOrganization } from '../../src/offline/active-organization';
import { routeTree } from '../../src/routeTree.gen';

/**
 * The access rules of the layout routes (docs/architecture.md 2), on the app's real route tree:
 * the router loads a URL as it would in the browser, and we look at where it ended up.
 */

const ORG = { id: 'org-1', name: 'Boligselskabet Test' };

function token(expiresInS: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const exp = Math.floor(Date.now() / 1000) + expiresInS;
  return `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sso_uuid: 'user-1', sub: 'u', exp })}.c2ln`;
}

/** Loads `path` like a first visit and returns the router's state afterwards. */
async function visit(path: string, queryClient: QueryClient) {
  const router = createRouter({
    routeTree,
    context: { queryClient },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  await router.load();
  return router.state;
}

function signedInAs(role: string, organizations = [ORG]): QueryClient {
  tokenStore.set(token(3600));
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(userInfoQueryOptions().queryKey, { userName: 'Test', logoutUrl: null, role });
  queryClient.setQueryData(organizationsQueryOptions().queryKey, organizations);
  return queryClient;
}

const fetchMock = vi.fn<typeof fetch>();

beforeAll(() => {
  vi.stubGlobal('fetch', fetchMock);
});

beforeEach(() => {
  // Nothing here may reach the network unless a test says so.
  fetchMock.mockReset();
  fetchMock.mockResolvedValue(new Response('{"message":"unexpected"}', { status: 500 }));
});

afterEach(() => {
  tokenStore.clear();
  activeOrganization.clear();
  localStorage.clear();
});

describe('signed-in routes', () => {
  it('send a visitor without a token to the login screen, with where they were as returnUrl', async () => {
    const state = await visit('/departments', new QueryClient());
    expect(state.location.pathname).toBe('/');
    expect(state.location.search).toEqual({ returnUrl: '/departments' });
  });

  it('go on after the token expired: the device session holds, with what the device has', async () => {
    const queryClient = signedInAs('write');
    activeOrganization.set(ORG);
    queryClient.setQueryData(['departments', ORG.id], []);
    // The token's cookie expires with it; the session on the device does not.
    document.cookie = 'authentication_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    expect(tokenStore.state()).toBe('renew');
    const state = await visit('/departments', queryClient);
    expect(state.location.pathname).toBe('/departments');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('lock a device session past its limit on /loggedout, deleting nothing', async () => {
    const queryClient = signedInAs('write');
    activeOrganization.set(ORG);
    localStorage.setItem('bt-device-session', JSON.stringify({ ssoUuid: 'user-1', lockAt: Date.now() - 1 }));
    document.cookie = 'authentication_token=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    const state = await visit('/departments?x=1', queryClient);
    expect(state.location.pathname).toBe('/loggedout');
    expect(state.location.search).toEqual({ returnUrl: '/departments?x=1' });
    expect(queryClient.getQueryData(userInfoQueryOptions().queryKey)).toBeDefined();
    expect(activeOrganization.get()).toEqual(ORG);
    expect(tokenStore.user()).toBe('user-1');
  });

  it('end an expired session on /loggedout on a device signed in before the device session existed', async () => {
    // The cookie expires with the token; the last expiry tells an expired session from none.
    tokenStore.set(token(-60));
    localStorage.removeItem('bt-device-session');
    const state = await visit('/departments', new QueryClient());
    expect(state.location.pathname).toBe('/loggedout');
  });

  it('send a role of none to the root, where the refused screen is shown', async () => {
    activeOrganization.set(ORG);
    const state = await visit('/departments', signedInAs('none'));
    expect(state.location.pathname).toBe('/');
    expect(state.location.search).toEqual({});
  });

  it('ask for a new sign-in here when the server refuses the token and the device has no user info', async () => {
    tokenStore.set(token(3600));
    fetchMock.mockResolvedValue(new Response('{"message":"Unauthorized"}', { status: 401 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const state = await visit('/departments?x=1', queryClient);
    expect(state.location.pathname).toBe('/loggedout');
    expect(state.location.search).toEqual({ returnUrl: '/departments?x=1' });
    // The token is dropped; the session on the device is not.
    expect(tokenStore.get()).toBeNull();
    expect(tokenStore.user()).toBe('user-1');
  });

  it('follow the 403 rule when the server refuses the user', async () => {
    tokenStore.set(token(3600));
    fetchMock.mockResolvedValue(new Response('{"message":"Forbidden"}', { status: 403 }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const state = await visit('/departments?x=1', queryClient);
    expect(state.location.pathname).toBe('/');
    expect(state.location.search).toEqual({ returnUrl: '/departments?x=1' });
  });
});

describe('organization routes', () => {
  it('send a user without an active organization to /organizations with the origin', async () => {
    const state = await visit('/activeAssessments', signedInAs('write', [ORG, { id: 'org-2', name: 'B' }]));
    expect(state.location.pathname).toBe('/organizations');
    expect(state.location.search).toEqual({ origin: '/activeAssessments' });
  });

  it('forget a remembered organization the user no longer belongs to', async () => {
    activeOrganization.set({ id: 'gone', name: 'Nedlagt' });
    const state = await visit('/activeAssessments', signedInAs('write', [ORG, { id: 'org-2', name: 'B' }]));
    expect(state.location.pathname).toBe('/organizations');
    expect(activeOrganization.get()).toBeNull();
  });

  it('choose the only organization automatically and return to the origin', async () => {
    const queryClient = signedInAs('write');
    queryClient.setQueryData(['activeAssessments', ORG.id], []);
    const state = await visit('/activeAssessments', queryClient);
    expect(state.location.pathname).toBe('/activeAssessments');
    expect(activeOrganization.get()).toEqual(ORG);
  });
});

describe('write routes', () => {
  const details: AssessmentDetails = {
    assessmentId: 'a-1',
    propertyId: 'p-1',
    assessmentStatus: 'draft',
    isCalculated: true,
    converted: false,
    screeningCompleted: true,
    excludedHandicaps: [],
    handicapsForEvaluation: [],
    validFrom: null,
    lastAnsweredQuestionUniqueId: null,
  };

  function withAssessment(queryClient: QueryClient) {
    queryClient.setQueryData(assessmentQueryOptions('a-1', 'p-1').queryKey, details);
    queryClient.setQueryData(questionsQueryOptions('a-1').queryKey, []);
    return queryClient;
  }

  it('show a read user the 404 page', async () => {
    activeOrganization.set(ORG);
    const state = await visit('/results/p-1/a-1', withAssessment(signedInAs('read')));
    expect(state.location.pathname).toBe('/results/p-1/a-1');
    const write = state.matches.find((m) => m.routeId === '/_signedIn/_withOrganization/_write');
    expect(write?.status).toBe('notFound');
  });

  it('open for a write user', async () => {
    activeOrganization.set(ORG);
    const state = await visit('/results/p-1/a-1', withAssessment(signedInAs('WRITE')));
    expect(state.matches.at(-1)?.routeId).toBe(
      '/_signedIn/_withOrganization/_write/results/$propertyId/$assessmentId',
    );
    expect(state.matches.at(-1)?.status).toBe('success');
  });
});

describe('the start of a signed-in visit', () => {
  const asked = () =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), location.href).pathname).sort();

  it('asks for user info and the organizations at once, beside the restore', async () => {
    tokenStore.set(token(3600));
    activeOrganization.set(ORG);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    fetchMock.mockImplementation(async (input) =>
      String(input).includes('userinfo')
        ? Response.json({ userName: 'Test', logoutUrl: null, role: 'write' })
        : Response.json([ORG]),
    );
    prefetchSession(queryClient);
    expect(asked()).toEqual(['/api/v2/organizations/getorganizations', '/api/v2/userinfo']);
    // The guards then take the answers instead of asking again.
    const state = await visit('/activeAssessments', queryClient);
    expect(state.location.pathname).toBe('/activeAssessments');
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('userinfo'))).toHaveLength(1);
  });

  it('asks for nothing without a token or with an expired one: the session guard handles those', () => {
    activeOrganization.set(ORG);
    prefetchSession(new QueryClient());
    tokenStore.set(token(-60));
    prefetchSession(new QueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the organizations to the guard when none is remembered', () => {
    tokenStore.set(token(3600));
    prefetchSession(new QueryClient({ defaultOptions: { queries: { retry: false } } }));
    expect(asked()).toEqual(['/api/v2/userinfo']);
  });
});
