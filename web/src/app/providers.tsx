import { FeatureFlags } from '@carbon/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '../components/toasts/toast-provider';

export function createQueryClient() {
  // The browser's word that it is offline (navigator.onLine, its 'offline' event) does not hold a request
  // back: left to TanStack Query's default, a save made then showed "Saving..." and a page its skeleton
  // until the browser came back, saying nothing. The request is made; if it cannot go out it fails as a
  // cut connection does, with the form kept and its message focused, or the page's failure notice.
  return new QueryClient({
    defaultOptions: {
      mutations: { networkMode: 'always' },
      queries: {
        networkMode: 'always',
        // Retry only what may be transient (no answer, 5xx): a 4xx answer will not change on retry.
        retry: (failureCount, error) => {
          const status = (error as { status?: number }).status;
          return failureCount < 2 && (!status || status >= 500);
        },
        refetchOnWindowFocus: false,
      },
    },
  });
}

export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    // Dialogs keep Tab and Shift+Tab inside themselves by the keys (Carbon's default from v12). Carbon's
    // older trap, by sentinels and blur, let focus leave every dialog: our dialogs name `.cds--modal`
    // as a floating menu so a dialog stacked on another may take focus, and the sentinels sit inside it.
    <FeatureFlags enableFocusWrapWithoutSentinels>
      <QueryClientProvider client={queryClient}>
        <ToastProvider>{children}</ToastProvider>
      </QueryClientProvider>
    </FeatureFlags>
  );
}
