import type { Tool } from '@contract/catalog';
import { formatPrice } from '@contract/money';
import { pages } from '@contract/pages';
import { isNoPhoto, srcSetFor, TOOL_CARD_IMAGE_SIZES } from '@contract/uploads.constants';
import { AddToCartButton } from '@web/shared/cart/add-to-cart-button';
import { Link } from 'react-router';
import { FitBadge } from './fit-badge';
import { ProductDescription, ProductQuantities } from './tool-facts';

/**
 * A tool as the spec's card shows it, with 'Order Now' leading to its purchase page, and 'Add to
 * cart'. On a phone the card lies on its side (a small picture beside the words, the buttons side
 * by side), so a list shows its first parts on the first screen; `descriptionOnPhone` false leaves
 * the description lines to wider screens and the product's page (the /tools list), while the home
 * page's spec cards keep them.
 */
export function ProductCard({
  tool,
  eager = false,
  priority = false,
  vehicle,
  descriptionOnPhone = true,
}: {
  tool: Tool;
  eager?: boolean;
  priority?: boolean;
  vehicle?: string;
  descriptionOnPhone?: boolean;
}) {
  const headingId = `tool-${tool._id}`;
  const productPage = pages.product.path(tool._id);
  return (
    <article
      className="card flex-row border border-base-300 bg-base-100 shadow-sm sm:flex-col"
      aria-labelledby={headingId}
    >
      <figure className="aspect-[4/3] w-28 shrink-0 self-start rounded-l-box bg-base-200 sm:w-full sm:rounded-b-none sm:rounded-t-box">
        {/* The picture and the name lead to the product's page; the picture is not a second tab stop. */}
        <Link to={productPage} tabIndex={-1} className="h-full w-full">
          <img
            src={tool.image}
            srcSet={srcSetFor(tool.image)}
            sizes={TOOL_CARD_IMAGE_SIZES}
            alt={isNoPhoto(tool.image) ? `No photo of ${tool.name} yet` : tool.name}
            width={600}
            height={450}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </Link>
      </figure>
      <div className="card-body min-w-0 gap-1 p-3 sm:gap-2 sm:p-6">
        <h3 id={headingId} className="card-title text-base leading-snug sm:text-lg">
          <Link to={productPage} className="link-hover">
            {tool.name}
          </Link>
        </h3>
        <FitBadge fits={tool.fits} vehicle={vehicle} />
        <p className="text-lg font-semibold sm:text-xl">Price: ${formatPrice(tool.price)}</p>
        <ProductQuantities tool={tool} className="text-xs sm:text-sm" />
        <ProductDescription
          tool={tool}
          className={`text-sm text-base-content/80 ${descriptionOnPhone ? '' : 'hidden sm:block'}`}
        />
        <div className="card-actions mt-auto flex-nowrap items-start gap-2 pt-1 sm:flex-col sm:flex-wrap sm:pt-2">
          {tool.available_quantity >= tool.minimum_order_quantity ? (
            <Link
              to={pages.purchase.path(tool._id)}
              className="btn btn-primary btn-sm flex-1 sm:btn-md sm:w-full sm:flex-none"
            >
              Order Now
            </Link>
          ) : (
            // Sold out: nothing to order until the stock comes back.
            <button
              type="button"
              className="btn btn-primary btn-sm flex-1 sm:btn-md sm:w-full sm:flex-none"
              disabled
            >
              Order Now
            </button>
          )}
          <div className="flex-1 sm:w-full sm:flex-none">
            <AddToCartButton tool={tool} className="btn btn-outline btn-sm btn-block sm:btn-md" />
          </div>
        </div>
      </div>
    </article>
  );
}
