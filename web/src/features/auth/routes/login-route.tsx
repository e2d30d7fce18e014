import { Navigate } from 'react-router';
import { safeRedirectTarget } from '../../../lib/redirect';
import { useSession } from '../../../lib/session';
import { LoginForm } from '../components/login-form';
import { useLiveSearchParams } from '../../../lib/use-live-search-params';

/** Sign In (/login). A signed-in user, including one who just signed in, goes on to the redirect target. */
export function LoginRoute() {
  const { user } = useSession();
  const [searchParams] = useLiveSearchParams();
  const target = safeRedirectTarget(searchParams.get('redirect'));

  if (user) return <Navigate to={target} replace />;

  return (
    <div className="auth-page">
      <div className="auth-page__card">
        <p className="auth-page__brand">Scamtrail</p>
        <h1 className="auth-page__title">Sign in</h1>
        <p className="auth-page__text">Use the account your administrator gave you.</p>
        <LoginForm />
      </div>
    </div>
  );
}
