import { Button } from '@carbon/react';
import { Login } from '@carbon/icons-react';
import { Link } from 'react-router';

/** Logged Out (/logout): where sign-out lands, whether or not the server call succeeded. */
export function LoggedOutRoute() {
  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <p className="auth-page__brand">Scamtrail</p>
        <h1 className="auth-page__title">You have been signed out</h1>
        <p className="auth-page__text">
          Your session has ended. Close this tab on a shared computer, or sign in again to continue.
        </p>
        <Button as={Link} to="/login" renderIcon={Login}>
          Sign in again
        </Button>
      </div>
    </div>
  );
}
