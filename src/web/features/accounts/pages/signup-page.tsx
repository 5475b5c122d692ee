import { pages } from '@contract/pages';
import { toast } from '@web/lib/toast';
import { useRefreshSession, useSession } from '@web/shared/session/session';
import { Link, Navigate, useNavigate } from 'react-router';
import { recordUser } from '../api/account-calls';
import { SignupForm } from '../components/signup-form';
import { SocialSignIn } from '../components/social-sign-in';
import { useReturnPath } from '../components/use-return-path';

export function SignupPage() {
  const returnTo = useReturnPath();
  const navigate = useNavigate();
  const { user } = useSession();
  const refreshSession = useRefreshSession();

  if (user) return <Navigate to={returnTo} replace />;

  const onSignedUp = async (email: string, name: string) => {
    try {
      await recordUser(email, { displayName: name });
      toast.success('Updated profile');
    } catch {
      toast.error('No user is logged in');
    }
    await refreshSession();
    navigate(returnTo, { replace: true });
  };

  return (
    <div className="flex justify-center py-10">
      <div className="card w-full max-w-md bg-base-100 border border-base-300 shadow-sm">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Sign Up</h1>
          <SignupForm onSignedUp={onSignedUp} />
          <p className="text-center text-sm">
            Already have an account?{' '}
            <Link to={pages.login.path} state={{ from: returnTo }} className="link text-orange-700">
              Please Login
            </Link>
          </p>
          <div className="divider">OR</div>
          <SocialSignIn returnTo={returnTo} />
        </div>
      </div>
    </div>
  );
}
