import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { FitBadge } from '@web/shared/catalog/fit-badge';
import { useProduct } from '@web/shared/catalog/get-tool';

/**
 * Whether a cart line fits the vehicle being shopped for: a warning when it does not, so brake
 * pads for the wrong car are caught before they ship. The product's answer for that vehicle is
 * the same one its page reads (and shares its cache).
 */
export function CartLineFit({ productId, vehicle }: { productId: string; vehicle: Vehicle | undefined }) {
  const product = useProduct(productId, vehicle);
  if (!vehicle) return null;
  return <FitBadge fits={product.data?.fits} vehicle={vehicleLabel(vehicle)} />;
}
