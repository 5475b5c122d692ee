import type { FastifyRequest } from 'fastify';
import { matchPage, type PageKey } from '../../../contract/pages';
import type { StoreInfo } from '../../../contract/store';
import type { Db } from '../../kernel/db';
import { getProduct } from '../../modules/catalog';

/** What a page says about itself to search engines and link previews, before any script runs. */
export interface PageMeta {
  title: string;
  description: string;
  /** Absolute URL of a picture for link previews. */
  image?: string;
  type: 'website' | 'product';
  /** The product a purchase page shows, found once for its meta and its preload hints. */
  product?: { id: string; image: string };
}

const STORE_DESCRIPTION =
  'Vehicle parts and tools: torque wrenches, jacks, lights, wheels and tires, delivered.';

/**
 * The public pages' own titles and descriptions, by the route table's key; the others (the
 * dashboard, checkout, a guest's order) are private and keep the store's.
 */
export const PAGE_META: Partial<Record<PageKey, { title?: string; description: string }>> = {
  home: { description: STORE_DESCRIPTION },
  tools: {
    title: 'All Tools',
    description: 'Every tool and part in the store: search by name, sort by price, order in bulk.',
  },
  reviews: {
    title: 'Reviews',
    description: 'What customers say about the store, with the average rating.',
  },
  contact: {
    title: 'Contact Us',
    description: 'Send the store a message: questions, bulk orders, returns.',
  },
  shippingPolicy: {
    title: 'Shipping',
    description: 'Where the store ships, what it costs by weight and method, and when shipping is free.',
  },
  returnPolicy: {
    title: 'Returns',
    description: 'How long you have to send parts back, what comes back to you, and core charges.',
  },
  blog: { title: 'Blog', description: 'Questions and answers on React and JavaScript.' },
  portfolio: { title: 'Portfolio', description: 'Who built the store, and their other projects.' },
  login: { title: 'Login', description: 'Sign in to order tools, pay and follow your orders.' },
  cart: {
    title: 'Cart',
    description: 'The tools and parts in your cart, with shipping and tax before checkout.',
  },
  signup: { title: 'Sign Up', description: 'Create an account to order tools and follow your orders.' },
};

/** The address's path without its query and a trailing slash: '/tools/?page=2' is '/tools'. */
export const pagePath = (url: string) => (url.split('?')[0] ?? '/').replace(/(.)\/$/, '$1');

const MAX_DESCRIPTION = 160;

const shorten = (text: string) =>
  text.length <= MAX_DESCRIPTION ? text : `${text.slice(0, MAX_DESCRIPTION - 1).trimEnd()}…`;

/**
 * The page's meta: a product's own name, words and picture on /product/:id and /purchase/:id, fixed texts elsewhere.
 * Absolute links start with `publicUrl` when configured: a request's Host is the client's to choose,
 * and a page shared from a forged one would point at someone else's site.
 */
export async function pageMetaFor(
  request: FastifyRequest,
  db: Db,
  store: StoreInfo,
  publicUrl?: string,
): Promise<PageMeta> {
  const page = matchPage(pagePath(request.url));
  // A product's own page (public) and its purchase page (for signed-in customers).
  const product = page?.key === 'product' || page?.key === 'purchase' ? page.id : undefined;
  if (product) {
    // Unknown, retired or malformed: the page still opens (it shows its own not-found card).
    const tool = await Promise.resolve()
      .then(() => getProduct(db, decodeURIComponent(product)))
      .catch(() => undefined);
    if (tool) {
      return {
        title: `${tool.name} | ${store.brand}`,
        description: shorten(tool.description.join(' ')),
        image: new URL(tool.image, publicUrl ?? `${request.protocol}://${request.host}`).toString(),
        type: 'product',
        product: { id: tool._id, image: tool.image },
      };
    }
  }
  const meta = page && PAGE_META[page.key];
  return {
    title: meta?.title ? `${meta.title} | ${store.brand}` : store.brand,
    description: meta?.description ?? STORE_DESCRIPTION,
    type: 'website',
  };
}

export const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The title, description and Open Graph tags of one page, written into the built index.html. */
export function withPageMeta(html: string, meta: PageMeta, storeName: string): string {
  const tags = [
    `<meta property="og:site_name" content="${escapeAttribute(storeName)}">`,
    `<meta property="og:type" content="${meta.type}">`,
    `<meta property="og:title" content="${escapeAttribute(meta.title)}">`,
    `<meta property="og:description" content="${escapeAttribute(meta.description)}">`,
    ...(meta.image ? [`<meta property="og:image" content="${escapeAttribute(meta.image)}">`] : []),
  ].join('\n    ');
  // Replacer functions, so a `$&` in a product's name is written as it is, not as a pattern.
  return html
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeAttribute(meta.title)}</title>\n    ${tags}`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeAttribute(meta.description)}">`,
    );
}
