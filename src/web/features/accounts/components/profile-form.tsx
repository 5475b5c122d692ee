import { type Profile, ProfileInput } from '@contract/accounts';
import { zodResolver } from '@hookform/resolvers/zod';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { useSaveProfile } from '../api/account-calls';

const fields = ['education', 'address', 'linkedin', 'phone'] as const;

export function ProfileForm({ profile }: { profile: Profile }) {
  const save = useSaveProfile(profile.email);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ProfileInput>({
    resolver: zodResolver(ProfileInput),
    defaultValues: {
      education: profile.education,
      address: profile.address,
      linkedin: profile.linkedin,
      phone: profile.phone,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Your Profile is Updated');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          const field = fields.find((f) => f === issue.path);
          if (field) setError(field, { type: 'server', message: issue.message });
        }
      }
      toast.error('Failed to update!!');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-x-6 sm:grid-cols-2" aria-label="Profile">
      <TextField label="Education" error={errors.education?.message} {...register('education')} />
      <TextField
        label="Address"
        autoComplete="street-address"
        error={errors.address?.message}
        {...register('address')}
      />
      <TextField label="LinkedIn profile" error={errors.linkedin?.message} {...register('linkedin')} />
      <TextField
        label="Phone"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        placeholder="01XXXXXXXXX"
        error={errors.phone?.message}
        {...register('phone')}
      />
      <div className="sm:col-span-2">
        <SubmitButton busy={isSubmitting} className="mt-3">
          Update Profile
        </SubmitButton>
      </div>
    </form>
  );
}
