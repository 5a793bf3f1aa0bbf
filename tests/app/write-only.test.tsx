// @vitest-environment jsdom
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { userInfoQueryOptions, type UserInfo } from '../../src/api/user-info';
import { WriteOnly } from '../../src/features/session/components/write-only';

beforeAll(() => {
  // Mantine reads these; jsdom has neither.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const token = `${b64({ alg: 'HS256' })}.${b64({ sso_uuid: 'u', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
  document.cookie = `authentication_token=${token}; path=/`;
});

afterEach(cleanup);

async function renderAs(role: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  queryClient.setQueryData<UserInfo>(userInfoQueryOptions().queryKey, {
    userName: 'Test',
    logoutUrl: null,
    role,
  });
  const rootRoute = createRootRoute({
    component: () => (
      <WriteOnly>
        <p>Kun for skrivende brugere</p>
      </WriteOnly>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute,
    history: createMemoryHistory({ initialEntries: ['/results/x/y'] }),
  });
  render(
    <MantineProvider>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
}

describe('write-only routes (spec 6)', () => {
  it('show their content to a user with the write role', async () => {
    await renderAs('Write');
    expect(await screen.findByText('Kun for skrivende brugere')).toBeTruthy();
  });

  it('show the 404 page, with a link home, to a read user', async () => {
    await renderAs('read');
    expect(await screen.findByRole('heading', { name: 'Siden findes ikke' })).toBeTruthy();
    expect(screen.queryByText('Kun for skrivende brugere')).toBeNull();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toBeTruthy();
  });
});
