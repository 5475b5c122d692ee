import { type ReviewCreated, ReviewInput } from '@contract/reviews';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField } from '@web/components/ui/text-field';
import { apiRequest } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { Controller, useForm } from 'react-hook-form';
import { reviewKeys } from './keys';
import { StarRating } from './star-rating';

interface Values {
  comment: string;
  ratings: number | null;
}

/**
 * The store's review (the spec's Add a review), or, with `productId`, a review of that product. The
 * rating is chosen with stars (keyboard: the arrow keys); the spec's messages stay. A review held
 * for approval is said to be so, and its writer then finds it among their own reviews.
 */
export function ReviewForm({
  productId,
  label = 'Add a review',
}: {
  productId?: string;
  label?: string;
} = {}) {
  const queryClient = useQueryClient();
  const post = useMutation({
    mutationFn: async (input: ReviewInput) =>
      (await apiRequest<ReviewCreated>('/review', { method: 'POST', body: input })).data,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.all }),
        queryClient.invalidateQueries({ queryKey: reviewKeys.mineAll }),
      ]),
  });
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(ReviewInput) as never,
    defaultValues: { comment: '', ratings: null },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      const created = await post.mutateAsync({
        comment: values.comment,
        ratings: Number(values.ratings),
        ...(productId ? { productId } : {}),
      });
      toast.success('Comment is posted!!');
      if (created.status === 'held') toast.success('It will show once the store has approved it.');
      reset();
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The review could not be posted.');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-xl space-y-1" aria-label={label}>
      <TextAreaField label="Your review" rows={4} error={errors.comment?.message} {...register('comment')} />
      <Controller
        control={control}
        name="ratings"
        render={({ field }) => (
          <StarRating
            label="Rating (1 - 5)"
            value={field.value}
            onChange={field.onChange}
            error={errors.ratings?.message}
          />
        )}
      />
      <SubmitButton busy={isSubmitting} className="mt-3">
        Post review
      </SubmitButton>
    </form>
  );
}
