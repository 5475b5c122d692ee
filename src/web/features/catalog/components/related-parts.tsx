import type { Tool } from '@contract/catalog';
import { formatPrice } from '@contract/money';
import { pages } from '@contract/pages';
import { Link } from 'react-router';
import { useRelated } from '../api/get-related';

function PartList({ title, tools }: { title: string; tools: Tool[] }) {
  if (tools.length === 0) return null;
  return (
    <div className="space-y-2">
      <h3 className="font-semibold">{title}</h3>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {tools.slice(0, 8).map((t) => (
          <li key={t._id} className="rounded-box border border-base-300 p-2">
            <Link to={pages.product.path(t._id)} className="block space-y-1">
              <span className="flex aspect-[4/3] items-center justify-center overflow-hidden rounded bg-base-200">
                <img src={t.image} alt="" className="h-full w-full object-contain" loading="lazy" />
              </span>
              <span className="block text-sm font-medium">{t.name}</span>
              <span className="block text-sm">${formatPrice(t.price)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** Parts for the same vehicles, and parts bought with this one. */
export function RelatedParts({ id }: { id: string }) {
  const related = useRelated(id);
  const data = related.data;
  if (!data || (data.fitsSameVehicle.length === 0 && data.boughtTogether.length === 0)) return null;
  return (
    <section aria-labelledby="related-heading" className="space-y-4" data-testid="related-parts">
      <h2 id="related-heading" className="text-xl font-semibold">
        Related parts
      </h2>
      <PartList title="Fits the same vehicles" tools={data.fitsSameVehicle} />
      <PartList title="Bought together" tools={data.boughtTogether} />
    </section>
  );
}
