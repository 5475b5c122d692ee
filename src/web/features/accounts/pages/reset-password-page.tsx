import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { authClient } from '@web/lib/auth-client';
import { useRefreshSession } from '@web/shared/session/session';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { NewPasswordFields, passwordFailure } from '../components/new-password';

type Fields = z.infer<typeof NewPasswordFields>;

/** Where a mailed reset link lands: the new password, set with the link's token. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const refreshSession = useRefreshSession();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(NewPasswordFields),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ newPassword }) => {
    setFailure(null);
    const { error } = await authClient.resetPassword({ token, newPassword });
    if (error) {
      setFailure(passwordFailure(error));
      return;
    }
    // Every session of the account just ended, this browser's too if it was signed in.
    await refreshSession();
    setDone(true);
  });

  return (
    <div className="flex justify-center py-10">
      <div className="card w-full max-w-md bg-base-100 border border-base-300 shadow-sm">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Choose a new password</h1>
          {!token ? (
            <p role="alert" className="text-error text-sm">
              This reset link is not complete. Open the link from the mail again, or ask for a new one.
            </p>
          ) : done ? (
            <div role="status" className="alert alert-success">
              <span>
                Your password is changed and you are signed out everywhere.{' '}
                <Link to={pages.login.path} className="link font-semibold">
                  Log in with your new password
                </Link>
              </span>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-1">
              <TextField
                label="New password"
                type="password"
                autoComplete="new-password"
                error={errors.newPassword?.message}
                {...register('newPassword')}
              />
              <TextField
                label="Repeat the new password"
                type="password"
                autoComplete="new-password"
                error={errors.confirmPassword?.message}
                {...register('confirmPassword')}
              />
              <FormError message={failure} />
              <SubmitButton busy={isSubmitting} className="mt-3 w-full">
                Set new password
              </SubmitButton>
            </form>
          )}
          {done ? null : (
            <p className="text-center text-sm">
              <Link to={pages.forgotPassword.path} className="link text-orange-700">
                Ask for a new reset link
              </Link>
            </p>
          )}
        </div>
      </div>
    </div>
  );
}
