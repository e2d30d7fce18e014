import { Button } from '@carbon/react';
import { Renew, WarningAlt } from '@carbon/icons-react';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { NETWORK_ERROR_TITLE } from '../lib/api-error';

/**
 * Whether a screen failed because its code could not be loaded (Chromium, Firefox, Safari word it
 * differently): the server is out of reach, or was while the page loaded.
 */
function isCodeLoadFailure(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i.test(
      error.message,
    )
  );
}

/**
 * What a failed screen says, as a centred tile with the page's one h1, like 403 and 404. Shown inside
 * the root layout when a screen fails to render or its code cannot be loaded (after a new release, or
 * with the server out of reach), so the header and side navigation stay usable.
 */
export function ScreenErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed to render', error);
  }, [error]);

  if (isCodeLoadFailure(error)) {
    return (
      <div className="error-page">
        <EmptyState
          headingLevel={1}
          icon={WarningAlt}
          title={NETWORK_ERROR_TITLE}
          description="This page could not be loaded. Check your connection, then try again."
          action={
            <Button renderIcon={Renew} onClick={() => window.location.reload()}>
              Try again
            </Button>
          }
        />
      </div>
    );
  }
  return (
    <div className="error-page">
      <EmptyState
        headingLevel={1}
        icon={WarningAlt}
        title="Something went wrong"
        description="This page could not be displayed. Reload to try again; if it keeps failing, tell your administrator."
        action={
          <Button renderIcon={Renew} onClick={() => window.location.reload()}>
            Reload
          </Button>
        }
      />
    </div>
  );
}

/** The root layout itself failed: there is no shell to show the error in. */
export function RouteErrorPage() {
  return (
    <main id="main-content" className="app-bare">
      <ScreenErrorPage />
    </main>
  );
}
