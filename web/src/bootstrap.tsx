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
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
