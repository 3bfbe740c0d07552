import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { AppProviders } from '../../app/providers';

/** Renders a forecast component with the app's providers; returns the query client to inspect. */
export function renderForecast(ui: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(ui, {
    wrapper: ({ children }) => (
      <AppProviders queryClient={queryClient} env="test">
        <MemoryRouter>{children}</MemoryRouter>
      </AppProviders>
    ),
  });
  return { ...view, queryClient };
}
