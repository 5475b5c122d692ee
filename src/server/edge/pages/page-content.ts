import type { FastifyRequest } from 'fastify';
import {
  type Category,
  TOOL_PAGE_SIZE_DEFAULT,
  type Tool,
  type ToolDetails,
} from '../../../contract/catalog';
import { formatPrice } from '../../../contract/money';
import { matchPage, pages } from '../../../contract/pages';
import type { StoreInfo } from '../../../contract/store';
import type { Db } from '../../kernel/db';
import { getProductDetails, listCategories, listTools } from '../../modules/catalog';
import { escapeAttribute, pagePath } from './page-meta';

/**
 * What a product or category page holds, written into the HTML before any script runs, so search
 * engines and link previews read the page itself (docs/decisions/018-vehicles-garage-and-vin.md
 * covers the product page's address): the content inside #root, which the React app renders over,
 * schema.org Product JSON-LD with its Offer, and the page's canonical address.
 */
export interface PageContent {
  /** Path and query of the page's one address, e.g. `/product/<id>` or `/tools?category=brakes`. */
  canonical?: string;
  /** HTML for inside #root. */
  body?: string;
  /** schema.org objects, each written as one JSON-LD script. */
  jsonLd?: object[];
  /** The list's query and its first tool's picture, for the page's preload hint of that picture. */
  firstPicture?: { category?: string; image: string };
}

const html = escapeAttribute;
const inStock = (product: Tool) =>
  product.available_quantity > 0 && product.available_quantity >= product.minimum_order_quantity;

/**
 * The store's own origin for absolute addresses (canonical links, JSON-LD, the sitemap): PUBLIC_URL
 * when set, so a forged Host header cannot name another site; otherwise the host asked for.
 */
export function siteOrigin(
  request: { protocol: string; host: string },
  publicUrl: string | undefined,
): string {
  return publicUrl ? new URL(publicUrl).origin : `${request.protocol}://${request.host}`;
}

/** The schema.org Product with one Offer, as search engines read it for a price and availability. */
export function productJsonLd(product: ToolDetails, origin: string) {
  const url = `${origin}${pages.product.path(product._id)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description.join(' '),
    image: new URL(product.image, origin).toString(),
    url,
    ...(product.sku ? { sku: product.sku } : {}),
    ...(product.part_number ? { mpn: product.part_number } : {}),
    ...(product.brand ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(product.category_name ? { category: product.category_name } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: formatPrice(product.price),
      priceCurrency: 'USD',
      availability: inStock(product) ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
    },
  };
}

function productBody(product: ToolDetails): string {
  const numbers = (product.part_numbers ?? [])
    .map((n) => `<li>${html(n.kind === 'sku' ? 'SKU' : n.brand || n.kind)}: ${html(n.number)}</li>`)
    .join('');
  const fitment = product.universal_fit
    ? '<p>Universal fit: works with any vehicle.</p>'
    : (product.fitment ?? []).length > 0
      ? `<h2>Fits</h2><ul>${(product.fitment ?? [])
          .map(
            (f) =>
              `<li>${f.year_from === f.year_to ? f.year_from : `${f.year_from}-${f.year_to}`} ${html(f.make)} ${html(f.model)}${f.engine ? ` ${html(f.engine)}` : ''}</li>`,
          )
          .join('')}</ul>`
      : '';
  return `<main class="server-page"><article>
<h1>${html(product.name)}</h1>
<img src="${html(product.image)}" alt="${html(product.name)}" width="600" height="450">
<p>Price: $${formatPrice(product.price)}</p>
<p>${inStock(product) ? 'In stock' : 'Out of stock'}: ${product.available_quantity} available</p>
${product.brand ? `<p>Brand: ${html(product.brand)}</p>` : ''}
<ul>${product.description.map((line) => `<li>${html(line)}</li>`).join('')}</ul>
${numbers ? `<h2>Part numbers</h2><ul>${numbers}</ul>` : ''}
${fitment}
<p><a href="${pages.purchase.path(product._id)}">Order Now</a></p>
</article></main>`;
}

function listBody(title: string, description: string, products: Tool[]): string {
  const items = products
    .map(
      (product) =>
        `<li><a href="${pages.product.path(product._id)}">${html(product.name)}</a> $${formatPrice(product.price)}</li>`,
    )
    .join('');
  return `<main class="server-page"><h1>${html(title)}</h1><p>${html(description)}</p><ul>${items}</ul></main>`;
}

/** The content of the page at the request's address; an empty object for pages without any. */
export async function pageContentFor(
  request: FastifyRequest,
  db: Db,
  store: StoreInfo,
  origin: string,
): Promise<PageContent> {
  const page = matchPage(pagePath(request.url));
  const product = page?.key === 'product' || page?.key === 'purchase' ? page.id : undefined;
  if (product) {
    const tool = await Promise.resolve()
      .then(() => getProductDetails(db, decodeURIComponent(product)))
      .catch(() => undefined);
    if (!tool) return {};
    return {
      canonical: pages.product.path(tool._id),
      body: productBody(tool),
      jsonLd: [productJsonLd(tool, origin)],
    };
  }
  if (page?.key === 'tools') {
    const slug = new URLSearchParams(request.url.split('?')[1] ?? '').get('category') ?? '';
    let category: Category | undefined;
    if (slug) {
      category = (await listCategories(db)).find((c) => c.slug === slug);
      if (!category) return { canonical: pages.tools.path };
    }
    const { tools } = await listTools(db, {
      ...(category ? { category: category.slug } : {}),
      limit: TOOL_PAGE_SIZE_DEFAULT,
      page: 1,
    });
    const title = category ? category.name : 'Tools';
    const [first] = tools;
    return {
      ...(first
        ? { firstPicture: { ...(category ? { category: category.slug } : {}), image: first.image } }
        : {}),
      canonical: category ? pages.tools.inCategory(category.slug) : pages.tools.path,
      body: listBody(title, category?.description ?? `Every tool and part at ${store.brand}.`, tools),
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'ItemList',
          name: title,
          itemListElement: tools.map((product, index) => ({
            '@type': 'ListItem',
            position: index + 1,
            url: `${origin}${pages.product.path(product._id)}`,
            name: product.name,
          })),
        },
      ],
    };
  }
  if (page?.key === 'home') return { canonical: pages.home.path };
  return {};
}

/** JSON inside a script element: `<` escaped so no text in it can close the element. */
const scriptJson = (value: object) => JSON.stringify(value).replace(/</g, '\\u003c');

/** index.html with the page's canonical link and JSON-LD in its head and its content in #root. */
export function withPageContent(template: string, content: PageContent, origin: string): string {
  const head = [
    ...(content.canonical
      ? [`<link rel="canonical" href="${escapeAttribute(`${origin}${content.canonical}`)}">`]
      : []),
    ...(content.jsonLd ?? []).map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ];
  let page =
    head.length > 0 ? template.replace('</head>', () => `  ${head.join('\n    ')}\n  </head>`) : template;
  if (content.body)
    page = page.replace('<div id="root"></div>', () => `<div id="root">${content.body}</div>`);
  return page;
}
