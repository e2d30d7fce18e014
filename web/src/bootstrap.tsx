import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { createAppRouteObjects } from './app/route-objects';
import { removeLegacyTokens } from './lib/legacy-tokens';
import { currentUserQueryOptions } from './lib/session';

removeLegacyTokens();

const queryClient = createQueryClient();
// The session decides what every screen shows: ask for it now, while the screen's code loads.
void queryClient.prefetchQuery(currentUserQueryOptions);
const router = createBrowserRouter(createAppRouteObjects(queryClient));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
