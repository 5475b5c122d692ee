import { isNoPhoto, PURCHASE_IMAGE_SIZES, srcSetFor } from '@contract/uploads.constants';

/**
 * A product's picture at the top of its page: fetched first (it is the page's largest paint), with
 * the same `srcset` and `sizes` the server names in the page's preload hint. Drawn inside a 4:3 box
 * whatever its shape, so a tall upload never makes a tall page.
 */
export function ProductPicture({ image, name }: { image: string; name: string }) {
  return (
    <figure className="aspect-[4/3] overflow-hidden rounded-box bg-base-200">
      <img
        src={image}
        srcSet={srcSetFor(image)}
        sizes={PURCHASE_IMAGE_SIZES}
        alt={isNoPhoto(image) ? `No photo of ${name} yet` : name}
        width={600}
        height={450}
        fetchPriority="high"
        className="h-full w-full object-contain"
      />
    </figure>
  );
}
