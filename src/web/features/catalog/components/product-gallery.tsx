import type { ToolDetails } from '@contract/catalog';
import { ProductPicture } from '@web/shared/catalog/product-picture';
import { useState } from 'react';

/** The product's pictures: the chosen one large (in its 4:3 box), the others as small buttons. */
export function ProductGallery({ tool }: { tool: ToolDetails }) {
  const images = tool.images && tool.images.length > 0 ? tool.images : [{ url: tool.image, alt: tool.name }];
  const [chosen, setChosen] = useState(0);
  const shown = images[chosen] ?? images[0];
  return (
    <div className="space-y-3">
      <ProductPicture image={shown?.url ?? tool.image} name={shown?.alt || tool.name} />
      {images.length > 1 ? (
        <ul className="flex flex-wrap gap-2" aria-label="Pictures">
          {images.map((image, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture may be listed twice; its place is its identity
            <li key={`${image.url}-${index}`}>
              <button
                type="button"
                className={`flex h-16 w-20 items-center justify-center overflow-hidden rounded border-2 bg-base-200 ${index === chosen ? 'border-primary' : 'border-transparent'}`}
                aria-label={`Show picture ${index + 1}${image.alt ? `: ${image.alt}` : ''}`}
                aria-pressed={index === chosen}
                onClick={() => setChosen(index)}
              >
                <img src={image.url} alt="" className="max-h-16 max-w-20 object-contain" loading="lazy" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
