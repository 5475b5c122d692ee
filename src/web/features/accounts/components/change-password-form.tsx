import { PasswordChangeInput } from '@contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { FormError, SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { authClient } from '@web/lib/auth-client';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { sessionsQuery } from '../api/account-calls';
import { NewPasswordFields, passwordFailure } from './new-password';

const Fields = z
  .object({ currentPassword: PasswordChangeInput.shape.currentPassword })
  .and(NewPasswordFields);
type Fields = z.infer<typeof Fields>;

/** The current password and a new one; the server then signs every other device out. */
export function ChangePasswordForm() {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Fields>({
    resolver: zodResolver(Fields),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  const onSubmit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFailure(null);
    const { error } = await authClient.changePassword({
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    });
    if (error) {
      setFailure(passwordFailure(error));
      return;
    }
    reset();
    toast.success('Your password is changed. Every other device is signed out.');
    await queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey });
  });

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby="change-password-title"
      className="max-w-md space-y-1"
    >
      <h3 id="change-password-title" className="text-lg font-semibold">
        Change password
      </h3>
      <TextField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
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
      <p className="text-sm text-base-content/70">Changing it signs you out on every other device.</p>
      <SubmitButton busy={isSubmitting} className="mt-3">
        Change password
      </SubmitButton>
    </form>
  );
}
