import { Button, InlineLoading } from '@carbon/react';
import { Login } from '@carbon/icons-react';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { useSession, useSignOut } from '../../../lib/session';
import { paths } from '../../../lib/paths';

/**
 * Logged Out (/logout): ends the session of whoever is still signed in, then says so. Until the server
 * has answered the logout call it says it is signing out: the page tells a person on a shared computer
 * to close the tab, and a tab closed while the call is in flight can leave the session valid. Once
 * the call is over it says so whether or not it succeeded: locally the user is signed out regardless
 * (spec 8). `useSignOut` clears the user when the call is over, so a user still here means "in flight".
 */
export function LoggedOutRoute() {
  const { user } = useSession();
  const signOut = useSignOut();
  useEffect(() => {
    if (user) void signOut();
  }, [user, signOut]);

  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <p className="auth-page__brand">Scamtrail</p>
        {user ? (
          <>
            <h1 className="auth-page__title">Signing out</h1>
            <InlineLoading description="Ending your session…" />
          </>
        ) : (
          <>
            <h1 className="auth-page__title">You have been signed out</h1>
            <p className="auth-page__text">
              Your session has ended. Close this tab on a shared computer, or sign in again to continue.
            </p>
            <Button as={Link} to={paths.login()} renderIcon={Login}>
              Sign in again
            </Button>
          </>
        )}
      </div>
    </div>
  );
}
