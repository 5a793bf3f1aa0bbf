import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { RouterProvider, type AnyRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';

/**
 * What Mantine and the router read that jsdom does not have. Component tests call this once in
 * `beforeAll`.
 */
export function fillJsdomGaps(): void {
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
  window.scrollTo = () => {};
}

/** Renders the app's providers around a test router and waits for its first load. */
export async function renderRouter(router: AnyRouter, queryClient: QueryClient): Promise<void> {
  render(
    <MantineProvider env="test">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  await router.load();
}
