import type { ToolDetails } from '@contract/catalog';
import { formatPrice } from '@contract/money';
import { NotFoundPage } from '@web/components/ui/not-found-page';
import { QueryState } from '@web/components/ui/query-state';
import { ApiError } from '@web/lib/api-client';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { useProduct } from './get-tool';
import { OwnPrice } from './own-price';
import { ProductFit, useActiveVehicle } from './product-fit';
import { ProductDescription, ProductQuantities } from './tool-facts';

/**
 * What the product page (/product/:id) and the purchase page (/purchase/:id) share: the part of the
 * address read for the vehicle being shopped for (the answer says whether it fits), the store's
 * not-found page for a part it does not have, the heading block and the stock rule of Order Now.
 */

type Garage = ReturnType<typeof useActiveVehicle>['garage'];
type Vehicle = ReturnType<typeof useActiveVehicle>['vehicle'];

/** The part of the address's `:id`, drawn by `children` once it is read. */
export function ProductView({
  children,
}: {
  children: (product: ToolDetails, shopping: ProductShopping) => ReactNode;
}) {
  const { id = '' } = useParams();
  const { garage, vehicle } = useActiveVehicle();
  const product = useProduct(id, vehicle);
  if (product.error instanceof ApiError && product.error.code === 'NOT_FOUND') return <NotFoundPage />;
  return (
    <QueryState query={product} empty={null}>
      {(data) => children(data, { garage, vehicle })}
    </QueryState>
  );
}

/** The garage and its active vehicle, for the fit line. */
export interface ProductShopping {
  garage: Garage;
  vehicle: Vehicle;
}

/** Name, price, quantities, description and whether it fits the vehicle being shopped for. */
export function ProductHeading({ tool, shopping }: { tool: ToolDetails; shopping: ProductShopping }) {
  return (
    <>
      <h1 className="text-3xl font-bold">{tool.name}</h1>
      <p className="text-2xl font-semibold">Price: ${formatPrice(tool.price)}</p>
      <OwnPrice productId={tool._id} />
      <ProductQuantities tool={tool} className="max-w-xs gap-y-1" />
      <ProductDescription tool={tool} />
      <ProductFit fits={tool.fits} garage={shopping.garage} vehicle={shopping.vehicle} />
    </>
  );
}

/** Order Now while the stock covers the minimum order; "Out of stock" otherwise. */
export function IfOrderable({ tool, children }: { tool: ToolDetails; children: ReactNode }) {
  return tool.available_quantity >= tool.minimum_order_quantity ? (
    children
  ) : (
    <p className="badge badge-warning badge-lg">Out of stock</p>
  );
}
