import type { QueryClient } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouteObjects } from './app/route-objects';
import { removeLegacyTokens } from './lib/legacy-tokens';

removeLegacyTokens();

/** Starts the app on `queryClient`, which main.tsx made and has already asked for the session. */
export function startApp(queryClient: QueryClient) {
  const router = createBrowserRouter(createAppRouteObjects(queryClient));
  const render = () =>
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <AppProviders queryClient={queryClient}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
  // The built index.html adds the entry from a script in its head (first-requests-inline.ts): an
  // async module, which could run before the body, and the root element, are parsed.
  if (document.readyState === 'loading')
    document.addEventListener('DOMContentLoaded', render, { once: true });
  else render();
}
