import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { SignUpInput } from '../../../../contract/accounts';
import { FormError, SubmitButton } from '../../../components/ui/submit-button';
import { TextField } from '../../../components/ui/text-field';
import { authClient } from '../../../lib/auth-client';

export function SignupForm({ onSignedUp }: { onSignedUp: (email: string, name: string) => Promise<void> }) {
  const [failure, setFailure] = useState<string | null>(null);
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
    await onSignedUp(data.user.email, name);
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
      <SubmitButton busy={isSubmitting} className="mt-3 w-full">
        Sign Up
      </SubmitButton>
    </form>
  );
}
