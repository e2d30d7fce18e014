import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders, createQueryClient } from './app/providers';
import { appRouteObjects } from './app/route-objects';
import { removeLegacyTokens } from './lib/legacy-tokens';

removeLegacyTokens();

const queryClient = createQueryClient();
const router = createBrowserRouter(appRouteObjects);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
