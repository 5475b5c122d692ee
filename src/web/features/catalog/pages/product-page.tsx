import { pages } from '@contract/pages';
import { AddQuantityToCart } from '@web/shared/cart/add-quantity-to-cart';
import { PartDetails } from '@web/shared/catalog/part-details';
import { IfOrderable, ProductHeading, ProductView } from '@web/shared/catalog/product-view';
import { ProductReviews } from '@web/shared/reviews/product-reviews';
import { Link } from 'react-router';
import { PartNotes } from '../components/part-notes';
import { ProductGallery } from '../components/product-gallery';
import { RelatedParts } from '../components/related-parts';

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
          <ProductReviews productId={data._id} />
          <RelatedParts id={data._id} />
        </div>
      )}
    </ProductView>
  );
}
