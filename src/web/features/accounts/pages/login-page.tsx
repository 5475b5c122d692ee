import { pages } from '@contract/pages';
import { useRefreshSession, useSession } from '@web/shared/session/session';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { LoginForm } from '../components/login-form';
import { SignInNotice } from '../components/sign-in-notice';
import { SocialSignIn } from '../components/social-sign-in';
import { useReturnPath } from '../components/use-return-path';

/** Messages for the error codes better-auth adds to /login after a failed social sign-in. */
function socialError(code: string | null) {
  if (!code) return null;
  return code === 'access_denied'
    ? 'Sign-in was cancelled.'
    : `Sign-in with that provider failed (${code.replaceAll('_', ' ')}). Please try again.`;
}

export function LoginPage() {
  const returnTo = useReturnPath();
  const navigate = useNavigate();
  const { user } = useSession();
  const refreshSession = useRefreshSession();
  const [params] = useSearchParams();
  const providerError = socialError(params.get('error'));

  if (user) return <Navigate to={returnTo} replace />;

  // The root layout registers the user with the backend once the session appears.
  const onSignedIn = async () => {
    await refreshSession();
    navigate(returnTo, { replace: true });
  };

  return (
    <div className="flex justify-center py-10">
      <div className="card w-full max-w-md bg-base-100 border border-base-300 shadow-sm">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Login</h1>
          <SignInNotice />
          {providerError ? (
            <p className="text-error text-sm" role="alert">
              {providerError}
            </p>
          ) : null}
          <LoginForm onSignedIn={onSignedIn} />
          <p className="text-right text-sm">
            <Link to={pages.forgotPassword.path} className="link">
              Forgot password?
            </Link>
          </p>
          <p className="text-center text-sm">
            New to the store?{' '}
            <Link to={pages.signup.path} state={{ from: returnTo }} className="link text-orange-700">
              Create New Account
            </Link>
          </p>
          <div className="divider">OR</div>
          <SocialSignIn returnTo={returnTo} />
          <p className="text-center text-sm">
            Bought without an account?{' '}
            <Link to={pages.orderStatus.path} className="link">
              Find your order
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
