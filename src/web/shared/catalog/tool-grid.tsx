import type { Tool } from '@contract/catalog';
import { ProductCard } from './tool-card';

/**
 * One column of cards on their side on phones, two on tablets, three on large screens. The first
 * `eagerCount` pictures load at once, the very first with high priority: it is the page's largest paint.
 */
export function ProductGrid({
  tools,
  eagerCount = 0,
  vehicle,
  descriptionOnPhone = true,
}: {
  tools: Tool[];
  eagerCount?: number;
  /** The chosen vehicle's name, for each card's fit badge (the tools then carry `fits`). */
  vehicle?: string;
  /** false: compact phone cards without their description lines (a list to scan). */
  descriptionOnPhone?: boolean;
}) {
  return (
    <div className="grid grid-cols-1 gap-3 sm:gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="tool-grid">
      {tools.map((product, index) => (
        <ProductCard
          key={product._id}
          tool={product}
          eager={index < eagerCount}
          priority={index === 0 && eagerCount > 0}
          vehicle={vehicle}
          descriptionOnPhone={descriptionOnPhone}
        />
      ))}
    </div>
  );
}
