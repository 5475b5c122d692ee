import { pages } from '@contract/pages';
import { authClient } from '@web/lib/auth-client';
import { useState } from 'react';
import { useAuthProviders } from '../api/account-calls';

export const GOOGLE_NOT_SET_UP =
  'Google sign-in is not set up for this store yet. Please use your email and password.';

/**
 * 'Continue With Google', and any single sign-on provider the store has set up. Providers the
 * server does not have are never tried: the button says so instead.
 */
export function SocialSignIn({ returnTo }: { returnTo: string }) {
  const providers = useAuthProviders();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const start = async (provider: string) => {
    setError(null);
    setBusy(true);
    const { error: failure } = await authClient.signIn.social({
      provider,
      callbackURL: returnTo,
      errorCallbackURL: pages.login.path,
    });
    // On success the browser is already on its way to the provider.
    if (failure) {
      setError(failure.message ?? 'Sign-in failed. Please try again.');
      setBusy(false);
    }
  };

  const onGoogle = () => {
    if (providers.data?.google) void start('google');
    else setError(GOOGLE_NOT_SET_UP);
  };

  return (
    <div className="space-y-2">
      <button type="button" className="btn btn-outline w-full" onClick={onGoogle} disabled={busy}>
        Continue With Google
      </button>
      {providers.data?.oidc ? (
        <button
          type="button"
          className="btn btn-outline w-full"
          onClick={() => providers.data?.oidc && void start(providers.data.oidc.id)}
          disabled={busy}
        >
          Continue with {providers.data.oidc.name}
        </button>
      ) : null}
      {error ? (
        <p className="text-error text-sm" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
