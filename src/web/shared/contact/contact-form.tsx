import { ContactMessageInput } from '@contract/contact';
import { zodResolver } from '@hookform/resolvers/zod';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { showServerErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useForm } from 'react-hook-form';
import { useSendContactMessage } from './send-contact-message';

const fields = ['email', 'name', 'message'] as const;

/** 'Contact Us / Stay Connected with Us': the message is kept for the store's staff to answer. */
export function ContactForm({ idPrefix = 'contact' }: { idPrefix?: string }) {
  const send = useSendContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ContactMessageInput>({
    resolver: zodResolver(ContactMessageInput),
    defaultValues: { email: '', name: '', message: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await send.mutateAsync(values);
      toast.success('Thank you! Your message has been sent.');
      reset();
    } catch (error) {
      showServerErrors(error, setError, fields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-2" aria-labelledby={`${idPrefix}-heading`}>
      <TextField
        label="Email Address"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register('email')}
      />
      <TextField label="Your Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <TextAreaField label="Your Message" rows={5} error={errors.message?.message} {...register('message')} />
      <SubmitButton busy={isSubmitting} className="w-full sm:w-auto">
        Submit
      </SubmitButton>
    </form>
  );
}
