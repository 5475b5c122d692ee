import { pages } from '@contract/pages';
import { StickyActionBar } from '@web/components/ui/sticky-action-bar';
import { AddQuantityToCart } from '@web/shared/cart/add-quantity-to-cart';
import { PartDetails } from '@web/shared/catalog/part-details';
import { ProductPicture } from '@web/shared/catalog/product-picture';
import { IfOrderable, ProductHeading, ProductView } from '@web/shared/catalog/product-view';
import { useSession } from '@web/shared/session/session';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';

// The order form brings the form library and the validation schemas: fetched when the customer
// reaches for the button, not with the page, so the product shows without waiting for them.
const loadOrderModal = () => import('../components/order-modal');
const OrderModal = lazy(async () => ({ default: (await loadOrderModal()).OrderModal }));
const warmOrderModal = () => {
  void loadOrderModal();
};

/** /purchase/:id (signed in): the tool in full and the order modal. */
export function PurchasePage() {
  const { user } = useSession();
  const [ordering, setOrdering] = useState(false);
  // Mounted from the first click on, so closing the modal keeps what was typed.
  const [modalWanted, setModalWanted] = useState(false);
  return (
    <ProductView>
      {(data, shopping) => (
        <article className="grid gap-8 py-6 lg:grid-cols-2">
          <ProductPicture image={data.image} name={data.name} />
          <div className="space-y-4">
            <ProductHeading tool={data} shopping={shopping} />
            <StickyActionBar>
              <IfOrderable tool={data}>
                <button
                  type="button"
                  className="btn btn-primary"
                  onPointerEnter={warmOrderModal}
                  onFocus={warmOrderModal}
                  onClick={() => {
                    setModalWanted(true);
                    setOrdering(true);
                  }}
                >
                  Order Now
                </button>
              </IfOrderable>
              <Link to={pages.tools.path} className="link ml-auto">
                All tools
              </Link>
            </StickyActionBar>
            <AddQuantityToCart tool={data} />
            {user && modalWanted ? (
              <Suspense fallback={null}>
                <OrderModal tool={data} user={user} open={ordering} onClose={() => setOrdering(false)} />
              </Suspense>
            ) : null}
            <PartDetails tool={data} />
          </div>
        </article>
      )}
    </ProductView>
  );
}
