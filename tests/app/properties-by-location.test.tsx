// @vitest-environment jsdom
import { QueryClient } from '@tanstack/react-query';
import { createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { nearbyPropertiesQueryOptions } from '../../src/api/search-by-coordinates';
import type { Coordinates } from '../../src/domain/coordinates';
import { PropertiesByLocation } from '../../src/features/residence-search/components/properties-by-location';
import { fillJsdomGaps, json, renderRouter, searchHit } from './test-render';

/** docs/product.md 2, `/properties/by-location`: the list of a place given in the URL. */

const ORG = 'o1';
const AT = { latitude: 56.1565, longitude: 10.1096 };
let online = true;

beforeAll(() => {
  fillJsdomGaps();
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  online = true;
});

const hit = (n: number) => searchHit(n, { distance: n * 10 });

async function render(at: Coordinates | null, fill?: (queryClient: QueryClient) => void) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(['staticcontent'], { translationSettings: { translations: {} } });
  fill?.(queryClient);
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <PropertiesByLocation organizationId={ORG} at={at} /> }),
    history: createMemoryHistory({ initialEntries: ['/properties/by-location'] }),
  });
  await renderRouter(router, queryClient);
}

describe('the list of a place', () => {
  it('lists the residences nearest the place, asked for with its position, and links to itself', async () => {
    const fetch = vi.fn(async () => json([hit(1), hit(2)]));
    vi.stubGlobal('fetch', fetch);
    await render(AT);
    expect(await screen.findByRole('link', { name: 'Skovvej 1, 8000' })).toBeInTheDocument();
    expect(
      screen.getByText('De boliger, der ligger nærmest positionen 56,1565, 10,1096.'),
    ).toBeInTheDocument();
    const url = new URL(String((fetch.mock.calls[0] as unknown[])[0]), 'http://localhost');
    expect(url.pathname).toBe('/api/v2/properties/searchbycoordinates');
    expect(url.searchParams.get('latitude')).toBe('56.1565');
    expect(screen.getByRole('link', { name: 'Link til listen' })).toHaveAttribute(
      'href',
      '/properties/by-location?latitude=56.1565&longitude=10.1096',
    );
  });

  it('offline shows the list the device holds for the place', async () => {
    online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await render(AT, (queryClient) =>
      queryClient.setQueryData(nearbyPropertiesQueryOptions(ORG, AT).queryKey, [hit(3)]),
    );
    expect(await screen.findByRole('link', { name: 'Skovvej 3, 8000' })).toBeInTheDocument();
  });

  it('offline without the list on the device says it waits for the connection', async () => {
    online = false;
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await render(AT);
    expect(
      await screen.findByText('Du er offline. Listen bliver hentet, når der er forbindelse igen.'),
    ).toBeInTheDocument();
  });

  it('a link without a valid place says so and offers the nearby list', async () => {
    await render(null);
    expect(screen.getByRole('alert')).toHaveTextContent('Linket angiver ikke en gyldig position.');
    expect(screen.getByRole('link', { name: 'Find boliger, hvor du står' })).toHaveAttribute(
      'href',
      '/properties/nearby',
    );
  });
});
