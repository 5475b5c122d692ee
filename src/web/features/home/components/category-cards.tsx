import { pages } from '@contract/pages';
import { useCategories } from '@web/shared/catalog/get-categories';
import { Link } from 'react-router';

/**
 * The spec's three cards (Lights, Wheels, Tires); each opens the catalog filtered to its category.
 * What the owner gives these categories (name, picture, description) shows on them; until the
 * categories arrive, or for one the owner removed, the card keeps the spec's own words.
 */
export const categories = [
  { _id: 'lights', title: 'Lights', image: '/images/categories/lights.svg' },
  { _id: 'wheels', title: 'Wheels', image: '/images/categories/wheels.svg' },
  { _id: 'tires', title: 'Tires', image: '/images/categories/tires.svg' },
] as const;

export function CategoryCards() {
  const owned = useCategories().data ?? [];
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {categories.map((card) => {
        const category = owned.find((c) => c.slug === card._id);
        const title = category?.name ?? card.title;
        return (
          <article key={card._id} className="card bg-base-100 border border-base-300 shadow-sm">
            <figure className="bg-base-200 aspect-[4/3]">
              <img
                src={category?.image || card.image}
                alt={title}
                width={600}
                height={450}
                loading="lazy"
                className="h-full w-full object-cover"
              />
            </figure>
            <div className="card-body">
              <h3 className="card-title">{title}</h3>
              <p>{category?.description || 'Description'}</p>
              <div className="card-actions justify-end">
                <Link
                  to={pages.tools.inCategory(card._id)}
                  className="btn btn-outline btn-sm"
                  aria-label={`See All ${title}`}
                >
                  See All
                </Link>
              </div>
            </div>
          </article>
        );
      })}
    </div>
  );
}
