import { Button } from '@carbon/react';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/** Device Authorization (/auth/device): where a user approves a device sign-in request (RFC 8628). */
export function DeviceAuthorizationRoute() {
  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <p className="auth-page__brand">Scamtrail</p>
        <h1 className="auth-page__title">Device Authorization</h1>
        <p className="auth-page__text">
          Devices and command-line tools sign in here by showing you a short code to confirm.
        </p>
        <p className="auth-page__text">No device sign-in request is waiting for approval on this server.</p>
        <Button as={Link} to={paths.home()} kind="secondary">
          Go to Scamtrail
        </Button>
      </div>
    </div>
  );
}
