import { Button } from '@carbon/react';
import { Renew } from '@carbon/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { EmptyState } from '../components/empty-state';

/** Shown when a screen fails to render or its code cannot be loaded (e.g. after a new release). */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);

  return (
    <main id="main-content" className="app-bare">
      <EmptyState
        title="Something went wrong"
        description="This page could not be displayed. Reload to try again; if it keeps failing, tell your administrator."
        action={
          <Button renderIcon={Renew} onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </main>
  );
}
