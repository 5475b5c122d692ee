import { Link } from 'react-router';
import type { Tool } from '../../../../contract/catalog';
import { formatPrice } from '../../../../contract/money';
import { pages } from '../../../../contract/pages';
import { srcSetFor, TOOL_CARD_IMAGE_SIZES } from '../../../../contract/uploads.constants';
import { AddToCartButton } from '../../cart/components/add-to-cart-button';
import { FitBadge } from './fit-badge';
import { ToolDescription, ToolQuantities } from './tool-facts';

/** A tool as the spec's card shows it, with 'Order Now' leading to its purchase page, and 'Add to cart'. */
export function ToolCard({
  tool,
  eager = false,
  priority = false,
  vehicle,
}: {
  tool: Tool;
  eager?: boolean;
  priority?: boolean;
  vehicle?: string;
}) {
  const headingId = `tool-${tool._id}`;
  const productPage = pages.product.path(tool._id);
  return (
    <article className="card bg-base-100 shadow-sm border border-base-300" aria-labelledby={headingId}>
      <figure className="bg-base-200 aspect-[4/3]">
        {/* The picture and the name lead to the product's page; the picture is not a second tab stop. */}
        <Link to={productPage} tabIndex={-1} className="h-full w-full">
          <img
            src={tool.image}
            srcSet={srcSetFor(tool.image)}
            sizes={TOOL_CARD_IMAGE_SIZES}
            alt={tool.name}
            width={600}
            height={450}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : 'auto'}
            decoding="async"
            className="h-full w-full object-cover"
          />
        </Link>
      </figure>
      <div className="card-body gap-2">
        <h3 id={headingId} className="card-title text-lg">
          <Link to={productPage} className="link-hover">
            {tool.name}
          </Link>
        </h3>
        <FitBadge fits={tool.fits} vehicle={vehicle} />
        <p className="text-xl font-semibold">Price: ${formatPrice(tool.price)}</p>
        <ToolQuantities tool={tool} className="text-sm" />
        <ToolDescription tool={tool} className="text-sm text-base-content/80" />
        <div className="card-actions mt-auto pt-2">
          {tool.available_quantity >= tool.minimum_order_quantity ? (
            <Link to={pages.purchase.path(tool._id)} className="btn btn-primary btn-block">
              Order Now
            </Link>
          ) : (
            // Sold out: nothing to order until the stock comes back.
            <button type="button" className="btn btn-primary btn-block" disabled>
              Order Now
            </button>
          )}
          <AddToCartButton tool={tool} />
        </div>
      </div>
    </article>
  );
}
