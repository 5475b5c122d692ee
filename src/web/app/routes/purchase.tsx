import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { formatPrice } from '../../../contract/money';
import { pages } from '../../../contract/pages';
import { QueryState } from '../../components/ui/query-state';
import { StickyActionBar } from '../../components/ui/sticky-action-bar';
import { useSession } from '../../features/accounts/api/session';
import { AddQuantityToCart } from '../../features/cart/components/add-quantity-to-cart';
import { useTool } from '../../features/catalog/api/get-tool';
import { PartDetails } from '../../features/catalog/components/part-details';
import { ProductPicture } from '../../features/catalog/components/product-picture';
import { ToolDescription, ToolQuantities } from '../../features/catalog/components/tool-facts';
import { ApiError } from '../../lib/api-client';
import { ProductFit, useActiveVehicle } from '../components/product-fit';
import { NotFoundPage } from './not-found';

// The order form brings the form library and the validation schemas: fetched when the customer
// reaches for the button, not with the page, so the product shows without waiting for them.
const loadOrderModal = () => import('../../features/orders/components/order-modal');
const OrderModal = lazy(async () => ({ default: (await loadOrderModal()).OrderModal }));
const warmOrderModal = () => {
  void loadOrderModal();
};

/** /purchase/:id (signed in): the tool in full and the order modal. */
export function PurchasePage() {
  const { id = '' } = useParams();
  // With a vehicle chosen the answer says whether the tool fits it.
  const { garage, vehicle } = useActiveVehicle();
  const tool = useTool(id, vehicle);
  const { user } = useSession();
  const [ordering, setOrdering] = useState(false);
  // Mounted from the first click on, so closing the modal keeps what was typed.
  const [modalWanted, setModalWanted] = useState(false);
  if (tool.error instanceof ApiError && tool.error.code === 'NOT_FOUND') return <NotFoundPage />;
  return (
    <QueryState query={tool} empty={null}>
      {(data) => (
        <article className="grid gap-8 py-6 lg:grid-cols-2">
          <ProductPicture image={data.image} name={data.name} />
          <div className="space-y-4">
            <h1 className="text-3xl font-bold">{data.name}</h1>
            <p className="text-2xl font-semibold">Price: ${formatPrice(data.price)}</p>
            <ToolQuantities tool={data} className="max-w-xs gap-y-1" />
            <ToolDescription tool={data} />
            <ProductFit fits={data.fits} garage={garage} vehicle={vehicle} />
            <StickyActionBar>
              {data.available_quantity >= data.minimum_order_quantity ? (
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
              ) : (
                <p className="badge badge-warning badge-lg">Out of stock</p>
              )}
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
    </QueryState>
  );
}
