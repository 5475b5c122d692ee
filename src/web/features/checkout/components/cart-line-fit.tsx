import type { Vehicle } from '@contract/catalog';
import { vehicleLabel } from '@contract/catalog.constants';
import { FitBadge } from '@web/shared/catalog/fit-badge';
import { useTool } from '@web/shared/catalog/get-tool';

/**
 * Whether a cart line fits the vehicle being shopped for: a warning when it does not, so brake
 * pads for the wrong car are caught before they ship. The product's answer for that vehicle is
 * the same one its page reads (and shares its cache).
 */
export function CartLineFit({ productId, vehicle }: { productId: string; vehicle: Vehicle | undefined }) {
  const tool = useTool(productId, vehicle);
  if (!vehicle) return null;
  return <FitBadge fits={tool.data?.fits} vehicle={vehicleLabel(vehicle)} />;
}
