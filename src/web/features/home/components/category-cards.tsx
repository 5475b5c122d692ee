import { Link } from 'react-router';

/** The spec's static categories; each card opens the catalog filtered to its category. */
export const categories = [
  { _id: 'lights', title: 'Lights', image: '/images/categories/lights.svg' },
  { _id: 'wheels', title: 'Wheels', image: '/images/categories/wheels.svg' },
  { _id: 'tires', title: 'Tires', image: '/images/categories/tires.svg' },
] as const;

export function CategoryCards() {
  return (
    <div className="grid grid-cols-1 gap-6 md:grid-cols-3">
      {categories.map((category) => (
        <article key={category._id} className="card bg-base-100 border border-base-300 shadow-sm">
          <figure className="bg-base-200 aspect-[4/3]">
            <img
              src={category.image}
              alt={category.title}
              width={600}
              height={450}
              loading="lazy"
              className="h-full w-full object-cover"
            />
          </figure>
          <div className="card-body">
            <h3 className="card-title">{category.title}</h3>
            <p>Description</p>
            <div className="card-actions justify-end">
              <Link
                to={`/tools?category=${category._id}`}
                className="btn btn-outline btn-sm"
                aria-label={`See All ${category.title}`}
              >
                See All
              </Link>
            </div>
          </div>
        </article>
      ))}
    </div>
  );
}
