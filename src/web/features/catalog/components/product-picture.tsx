import { PURCHASE_IMAGE_SIZES, srcSetFor } from '../../../../contract/uploads.constants';

/**
 * A product's picture at the top of its page: fetched first (it is the page's largest paint), with
 * the same `srcset` and `sizes` the server names in the page's preload hint.
 */
export function ProductPicture({ image, name }: { image: string; name: string }) {
  return (
    <figure className="overflow-hidden rounded-box bg-base-200">
      <img
        src={image}
        srcSet={srcSetFor(image)}
        sizes={PURCHASE_IMAGE_SIZES}
        alt={name}
        width={600}
        height={450}
        fetchPriority="high"
        className="h-full w-full object-cover"
      />
    </figure>
  );
}
