import { Link, useParams } from 'react-router';
import { formatPrice } from '../../../contract/money';
import { pages } from '../../../contract/pages';
import { QueryState } from '../../components/ui/query-state';
import { AddQuantityToCart } from '../../features/cart/components/add-quantity-to-cart';
import { useTool } from '../../features/catalog/api/get-tool';
import { PartDetails } from '../../features/catalog/components/part-details';
import { PartNotes } from '../../features/catalog/components/part-notes';
import { ProductGallery } from '../../features/catalog/components/product-gallery';
import { RelatedParts } from '../../features/catalog/components/related-parts';
import { ToolDescription, ToolQuantities } from '../../features/catalog/components/tool-facts';
import { ProductReviews } from '../../features/reviews/components/product-reviews';
import { ApiError } from '../../lib/api-client';
import { ProductFit, useActiveVehicle } from '../components/product-fit';
import { NotFoundPage } from './not-found';

/**
 * /product/:id, open to everyone (search engines too): the part in full (its pictures, numbers,
 * what replaces it, core charge and shipping notes), whether it fits the vehicle being shopped
 * for, a quantity and Add to cart, Order Now leading to the purchase page (which asks for a
 * sign-in), its reviews and related parts.
 */
export function ProductPage() {
  const { id = '' } = useParams();
  const { garage, vehicle } = useActiveVehicle();
  const tool = useTool(id, vehicle);
  if (tool.error instanceof ApiError && tool.error.code === 'NOT_FOUND') return <NotFoundPage />;
  return (
    <QueryState query={tool} empty={null}>
      {(data) => (
        <div className="space-y-10 py-6">
          <article className="grid gap-8 lg:grid-cols-2">
            <ProductGallery key={data._id} tool={data} />
            <div className="space-y-4">
              <h1 className="text-3xl font-bold">{data.name}</h1>
              <p className="text-2xl font-semibold">Price: ${formatPrice(data.price)}</p>
              <ToolQuantities tool={data} className="max-w-xs gap-y-1" />
              <ToolDescription tool={data} />
              <ProductFit fits={data.fits} garage={garage} vehicle={vehicle} />
              <PartNotes tool={data} />
              {data.available_quantity >= data.minimum_order_quantity ? (
                <Link to={pages.purchase.path(data._id)} className="btn btn-primary">
                  Order Now
                </Link>
              ) : (
                <p className="badge badge-warning badge-lg">Out of stock</p>
              )}
              <AddQuantityToCart tool={data} />
              <PartDetails tool={data} />
            </div>
          </article>
          <ProductReviews toolId={data._id} />
          <RelatedParts id={data._id} />
        </div>
      )}
    </QueryState>
  );
}
