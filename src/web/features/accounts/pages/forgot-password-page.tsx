import { PasswordResetRequestInput, RESET_REQUESTED_MESSAGE } from '@contract/accounts';
import { pages } from '@contract/pages';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { authClient } from '@web/lib/auth-client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { passwordFailure } from '../components/new-password';

/** "Forgot password?": asks for the address and mails a reset link if it has an account. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(PasswordResetRequestInput),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setFailure(null);
    const { error } = await authClient.requestPasswordReset({ email: email.trim() });
    if (error) {
      setFailure(passwordFailure(error));
      return;
    }
    setSent(true);
  });

  return (
    <div className="flex justify-center py-10">
      <div className="card w-full max-w-md bg-base-100 border border-base-300 shadow-sm">
        <div className="card-body">
          <h1 className="card-title justify-center text-2xl">Reset your password</h1>
          {sent ? (
            <div role="status" className="alert alert-success">
              <span>{RESET_REQUESTED_MESSAGE}</span>
            </div>
          ) : (
            <form onSubmit={onSubmit} noValidate className="space-y-1">
              <p className="text-sm text-base-content/80">
                Enter the email of your account and we will mail you a link to choose a new password.
              </p>
              <TextField
                label="Email"
                type="email"
                autoComplete="email"
                error={errors.email?.message}
                {...register('email')}
              />
              <FormError message={failure} />
              <SubmitButton busy={isSubmitting} className="mt-3 w-full">
                Send reset link
              </SubmitButton>
            </form>
          )}
          <p className="text-center text-sm">
            Remembered it?{' '}
            <Link to={pages.login.path} className="link text-orange-700">
              Back to Login
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
