import { ProductForm, splitDescription } from '@contract/catalog';
import { pages } from '@contract/pages';
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES } from '@contract/uploads';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePreview } from '@web/components/ui/image-preview';
import { SubmitButton } from '@web/components/ui/submit-button';
import { TextAreaField, TextField } from '@web/components/ui/text-field';
import { ApiError } from '@web/lib/api-client';
import { toast } from '@web/lib/toast';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { uploadImage, useAddProduct } from '../api/admin-calls';

const AddProductForm = ProductForm.extend({
  image: z
    .custom<FileList>((files) => files instanceof FileList && files.length > 0, 'Product image is required')
    .refine((files) => (files[0]?.size ?? 0) <= UPLOAD_MAX_BYTES, 'The image must be 5 MB or smaller')
    .refine(
      (files) => (UPLOAD_TYPES as readonly string[]).includes(files[0]?.type ?? ''),
      'Choose a JPEG, PNG, WebP or AVIF image',
    ),
});
type Values = z.input<typeof AddProductForm>;

/**
 * Add Product (admin): the image uploads first, with a progress bar, then the product is created
 * and the full product editor opens on it.
 */
export function AddProductPage() {
  const addProduct = useAddProduct();
  const navigate = useNavigate();
  const [progress, setProgress] = useState<number | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(AddProductForm) });

  const chosenFiles = watch('image') as FileList | undefined;
  const chosen = chosenFiles instanceof FileList ? chosenFiles[0] : undefined;

  const onSubmit = handleSubmit(async (values) => {
    const parsed = AddProductForm.parse(values);
    const file = parsed.image[0];
    if (!file) return;
    try {
      setProgress(0);
      let image: Awaited<ReturnType<typeof uploadImage>>;
      try {
        image = await uploadImage(file, setProgress);
      } catch (error) {
        // The store refused the picture itself (not a real image, too large...): said under the
        // Image field, where the admin chooses another.
        if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
          setError('image', { type: 'server', message: error.message }, { shouldFocus: true });
          toast.error('Failed to add Product');
          return;
        }
        throw error;
      }
      const added = await addProduct.mutateAsync({
        name: parsed.name,
        image: image.url,
        price: parsed.price,
        description: splitDescription(parsed.description),
        available_quantity: parsed.available_quantity,
        minimum_order_quantity: parsed.minimum_order_quantity,
      });
      toast.success('Product added successfully!!');
      reset();
      // The spec's fields are the start: the full editor takes the rest (numbers, fitment, images).
      navigate(pages.productEditor.path(added.insertedId));
    } catch (error) {
      toast.error('Failed to add Product');
      if (error instanceof Error && error.message) toast.error(error.message);
    } finally {
      setProgress(null);
    }
  });

  return (
    <div className="max-w-2xl space-y-4">
      <h2 className="text-xl font-semibold">Add Product</h2>
      <form onSubmit={onSubmit} noValidate className="grid gap-x-6 sm:grid-cols-2" aria-label="Add a product">
        <div className="sm:col-span-2">
          <TextField label="Product name" error={errors.name?.message} {...register('name')} />
        </div>
        <div className="sm:col-span-2">
          <TextAreaField
            label="Description (each sentence becomes a line)"
            rows={4}
            error={errors.description?.message}
            {...register('description')}
          />
        </div>
        <TextField
          label="Price ($)"
          type="number"
          step="0.01"
          min={1}
          error={errors.price?.message}
          {...register('price')}
        />
        <TextField
          label="Available quantity"
          type="number"
          min={20}
          error={errors.available_quantity?.message}
          {...register('available_quantity')}
        />
        <TextField
          label="Minimum order quantity"
          type="number"
          min={1}
          max={20}
          error={errors.minimum_order_quantity?.message}
          {...register('minimum_order_quantity')}
        />
        <TextField
          label="Image"
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className="file-input w-full"
          error={errors.image?.message as string | undefined}
          {...register('image')}
        />
        <div className="sm:col-span-2">
          <ImagePreview file={chosen} />
        </div>
        {progress !== null ? (
          <div className="sm:col-span-2">
            <label className="text-sm" htmlFor="upload-progress">
              Uploading image… {progress}%
            </label>
            <progress
              id="upload-progress"
              className="progress progress-primary w-full"
              value={progress}
              max={100}
            />
          </div>
        ) : null}
        <div className="sm:col-span-2">
          <SubmitButton busy={isSubmitting} className="mt-3">
            Add Product
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
