import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { setNonce } from 'get-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders, getStyleNonce } from './app/providers';
import { createAppRouter } from './app/router';
import { setSessionExpiredHandler } from './lib/api-client';
import { PATHS } from './lib/routes';

// Modals and drawers lock scrolling with a <style> element; the CSP accepts it only with the nonce.
setNonce(getStyleNonce());

const router = createAppRouter();
setSessionExpiredHandler(() => {
  void router.navigate(PATHS.login, { replace: true });
});

const root = document.getElementById('root');
if (!root) throw new Error('The page has no #root element');

createRoot(root).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
