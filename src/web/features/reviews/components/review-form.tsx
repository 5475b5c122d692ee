import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { ReviewInput } from '../../../../contract/reviews';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField, TextField } from '../../../components/ui/text-field';
import { apiRequest } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { reviewKeys } from '../api/keys';

interface Values {
  comment: string;
  ratings: number | string;
}

/** The store's review (the spec's Add a review), or, with `toolId`, a review of that product. */
export function ReviewForm({ toolId, label = 'Add a review' }: { toolId?: string; label?: string } = {}) {
  const queryClient = useQueryClient();
  const post = useMutation({
    mutationFn: async (input: ReviewInput) =>
      (await apiRequest<{ insertedId: string }>('/review', { method: 'POST', body: input })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(ReviewInput) as never,
    defaultValues: { comment: '', ratings: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await post.mutateAsync({
        comment: values.comment,
        ratings: Number(values.ratings),
        ...(toolId ? { toolId } : {}),
      });
      toast.success('Comment is posted!!');
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The review could not be posted.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-1" aria-label={label}>
      <TextAreaField label="Your review" rows={4} error={errors.comment?.message} {...register('comment')} />
      <TextField
        label="Rating (1 - 5)"
        type="number"
        inputMode="numeric"
        min={1}
        max={5}
        error={errors.ratings?.message}
        {...register('ratings')}
      />
      <SubmitButton busy={isSubmitting} className="mt-3">
        Post review
      </SubmitButton>
    </form>
  );
}
