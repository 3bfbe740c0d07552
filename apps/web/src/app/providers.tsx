import { type CSSVariablesResolver, createTheme, MantineProvider, Pagination } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';

/** Mantine's pagination arrows are icons only; screen readers need their names. */
const PAGINATION_CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/**
 * Blue at shade 8 (#1971c2) gives white text 5.0:1 on filled buttons; Mantine's default
 * shade 6 gives 3.55:1 and fails WCAG AA.
 */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  components: {
    Pagination: Pagination.extend({
      defaultProps: {
        getControlProps: (control) => ({ 'aria-label': PAGINATION_CONTROL_LABELS[control] }),
      },
    }),
  },
});

/**
 * Dimmed text at gray 7 keeps 4.5:1 on white (gray 6 does not); so does field error text at
 * red 9 (red 8, #e03131, gives 4.4:1).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});

/** The per-request nonce the server writes into `<meta property="csp-nonce">`. */
export function getStyleNonce(): string {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  return meta?.nonce || meta?.getAttribute('nonce') || '';
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
}

export function AppProviders({
  children,
  queryClient,
  env = 'default',
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off transitions and portals (component tests). */
  env?: 'default' | 'test';
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        env={env}
        getStyleNonce={getStyleNonce}
        cssVariablesResolver={cssVariablesResolver}
      >
        <Notifications />
        {/* The app's confirmation dialogs (components/confirm-dialog.tsx). */}
        <ModalsProvider>{children}</ModalsProvider>
      </MantineProvider>
    </QueryClientProvider>
  );
}
