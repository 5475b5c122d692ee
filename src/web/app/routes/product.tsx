import { Link } from 'react-router';
import { pages } from '../../../contract/pages';
import { AddQuantityToCart } from '../../features/cart/components/add-quantity-to-cart';
import { PartDetails } from '../../features/catalog/components/part-details';
import { PartNotes } from '../../features/catalog/components/part-notes';
import { ProductGallery } from '../../features/catalog/components/product-gallery';
import { RelatedParts } from '../../features/catalog/components/related-parts';
import { ProductReviews } from '../../features/reviews/components/product-reviews';
import { IfOrderable, ProductHeading, ProductView } from '../components/product-view';

/**
 * /product/:id, open to everyone (search engines too): the part in full (its pictures, numbers,
 * what replaces it, core charge and shipping notes), whether it fits the vehicle being shopped
 * for, a quantity and Add to cart, Order Now leading to the purchase page (which asks for a
 * sign-in), its reviews and related parts.
 */
export function ProductPage() {
  return (
    <ProductView>
      {(data, shopping) => (
        <div className="space-y-10 py-6">
          <article className="grid gap-8 lg:grid-cols-2">
            <ProductGallery key={data._id} tool={data} />
            <div className="space-y-4">
              <ProductHeading tool={data} shopping={shopping} />
              <PartNotes tool={data} />
              <IfOrderable tool={data}>
                <Link to={pages.purchase.path(data._id)} className="btn btn-primary">
                  Order Now
                </Link>
              </IfOrderable>
              <AddQuantityToCart tool={data} />
              <PartDetails tool={data} />
            </div>
          </article>
          <ProductReviews toolId={data._id} />
          <RelatedParts id={data._id} />
        </div>
      )}
    </ProductView>
  );
}
