import { Link, useParams } from 'react-router';
import { QueryState } from '../../components/ui/query-state';
import { useTool } from '../../features/catalog/api/get-tool';
import { PartDetails } from '../../features/catalog/components/part-details';
import { ProductPicture } from '../../features/catalog/components/product-picture';
import { ToolDescription, ToolQuantities } from '../../features/catalog/components/tool-facts';
import { ApiError } from '../../lib/api-client';
import { formatPrice } from '../../lib/format';
import { ProductFit, useActiveVehicle } from '../components/product-fit';
import { NotFoundPage } from './not-found';

/**
 * /product/:id, open to everyone (search engines too): the part in full, whether it fits the
 * vehicle being shopped for, and Order Now leading to the purchase page (which asks for a sign-in).
 */
export function ProductPage() {
  const { id = '' } = useParams();
  const { garage, vehicle } = useActiveVehicle();
  const tool = useTool(id, vehicle);
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
            {data.available_quantity >= data.minimum_order_quantity ? (
              <Link to={`/purchase/${data._id}`} className="btn btn-primary">
                Order Now
              </Link>
            ) : (
              <p className="badge badge-warning badge-lg">Out of stock</p>
            )}
            <PartDetails tool={data} />
          </div>
        </article>
      )}
    </QueryState>
  );
}
