import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, MemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';

const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * Renders the whole app at a path, as the browser would; `strict` adds React's StrictMode, which
 * runs every effect twice (as `main.tsx` does in development); `table` replaces the app's routes.
 */
export function renderRoute(
  path: string,
  { strict = false, table = routes }: { strict?: boolean; table?: RouteObject[] } = {},
) {
  const router = createMemoryRouter(table, { initialEntries: [path] });
  const queryClient = testQueryClient();
  const app = (
    <AppProviders queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}

/** Renders one component with the app's providers and a router; returns the query client to inspect. */
export function renderWithProviders(ui: ReactNode) {
  const queryClient = testQueryClient();
  const view = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter>{children}</MemoryRouter>
      </AppProviders>
    ),
  });
  return { ...view, queryClient };
}

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(body === null ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}

export type FetchHandler = (url: string, init: RequestInit) => Response | Promise<Response>;

export const DEFAULT_CONFIG = {
  features: { account_switcher: true, table_view: true },
  support_email: 'support@example.com',
  time_zone: 'America/New_York',
  historical_report_fee: 25,
  payment_provider: 'test' as const,
  map: { tile_url: null, tile_attribution: '' },
  address_search: false,
};

/** The default settings with address search on (the server has a geocoder). */
export const ADDRESS_SEARCH_CONFIG = { ...DEFAULT_CONFIG, address_search: true };

/** Stubs fetch; /api/config answers with the default settings unless the handler answers it. */
export function stubFetch(handler: FetchHandler) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const answer = await handler(url, init);
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A test's answers by URL; undefined where the test expects no such request. */
export type ExpectedRequests = (url: string, init: RequestInit) => Response | undefined;

/** Stubs fetch with the settings `config` and `expected`; any other request gets a 500. */
export function serveExpected(expected: ExpectedRequests, config = DEFAULT_CONFIG) {
  return stubFetch(
    withConfig((url, init) => expected(url, init) ?? jsonResponse({ detail: 'unexpected' }, 500), config),
  );
}

export function withConfig(handler: FetchHandler, config = DEFAULT_CONFIG): FetchHandler {
  return (url, init) => (url.startsWith('/api/config') ? jsonResponse(config) : handler(url, init));
}
