import { SignInInput } from '@contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { authClient } from '@web/lib/auth-client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

/** Email and password sign-in; the provider's error is shown in red text. */
export function LoginForm({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(SignInInput),
    defaultValues: { email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ email, password }) => {
    setFailure(null);
    const { data, error } = await authClient.signIn.email({ email, password });
    if (error || !data) {
      setFailure(error?.message ?? 'Sign-in failed. Please try again.');
      return;
    }
    await onSignedIn();
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      <TextField
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={failure} />
      <SubmitButton busy={isSubmitting} className="mt-3 w-full">
        Login
      </SubmitButton>
    </form>
  );
}
