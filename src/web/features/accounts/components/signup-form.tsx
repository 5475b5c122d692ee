import { SignUpInput } from '@contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { authClient } from '@web/lib/auth-client';
import { useState } from 'react';
import { useForm } from 'react-hook-form';

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string, name: string) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
  // A store that confirms addresses answers every sign-up with a message and no account yet.
  const [confirmation, setConfirmation] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(SignUpInput),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async ({ name, email, password }) => {
    setFailure(null);
    const { data, error } = await authClient.signUp.email({ name, email, password });
    if (error || !data) {
      setFailure(error?.message ?? 'Sign-up failed. Please try again.');
      return;
    }
    const answer = data as { user?: { email: string }; message?: string };
    if (!answer.user) {
      setConfirmation(answer.message ?? 'Check your e-mail to confirm your address.');
      return;
    }
    await onSignedUp(answer.user.email, name);
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-1">
      <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
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
        autoComplete="new-password"
        error={errors.password?.message}
        {...register('password')}
      />
      <FormError message={failure} />
      {confirmation ? (
        <p role="status" className="text-sm">
          {confirmation}
        </p>
      ) : null}
      <SubmitButton busy={isSubmitting} className="mt-3 w-full">
        Sign Up
      </SubmitButton>
    </form>
  );
}
