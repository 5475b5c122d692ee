import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { type PageKey, pages } from '../../../contract/pages';
import { CATALOG_TABLES, createAnswerCache, replyWith } from '../../modules/catalog';
import { siteOrigin } from './page-content';

/** A sitemap file holds at most this many addresses (sitemaps.org); past it, /sitemap.xml is an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The public pages with fixed addresses, in the sitemap before the categories and products. */
export const SITEMAP_PAGES = [
  'home',
  'tools',
  'reviews',
  'contact',
  'blog',
  'portfolio',
  'shippingPolicy',
  'returnPolicy',
] as const satisfies readonly PageKey[];

const xmlEscape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls
    .map((url) => `<url><loc>${xmlEscape(url)}</loc></url>`)
    .join('\n')}\n</urlset>\n`;

/**
 * /sitemap.xml (every public page, category and live product) and /robots.txt, which points at
 * it. Purchase pages stay crawlable: they name their product page as canonical, which is enough,
 * and a page a crawler may not read cannot pass that on. Both name absolute addresses on the host the request came to. Kept in memory like the
 * catalog's answers until a catalog table changes.
 */
export const siteMapRoutes: FastifyPluginAsync = async (app) => {
  const cache = createAnswerCache(app.database.changes, CATALOG_TABLES);
  app.addHook('onClose', async () => cache.close());
  const origin = (request: { protocol: string; host: string }) =>
    siteOrigin(request, app.config.auth.publicUrl);

  const addresses = async (): Promise<string[]> => {
    const rows = <T>(result: unknown) => (result as { rows: T[] }).rows;
    const [categories, products] = await Promise.all([
      app.db.execute(sql`select slug from categories order by position, slug`),
      app.db.execute(
        sql`select id::text as id from products where retired_at is null order by created_at, id`,
      ),
    ]);
    return [
      ...SITEMAP_PAGES.map((key) => pages[key].path),
      ...rows<{ slug: string }>(categories).map((c) => pages.tools.inCategory(c.slug)),
      ...rows<{ id: string }>(products).map((p) => pages.product.path(p.id)),
    ];
  };

  app.get(
    '/sitemap.xml',
    {
      config: { access: 'public' },
      schema: {
        tags: ['pages'],
        summary: 'Every public page, category and live product; an index of parts past 50,000 addresses',
        querystring: z.object({ part: z.coerce.number().int().min(1).max(1000).optional() }),
      },
    },
    (request, reply) => {
      const host = origin(request);
      const { part } = request.query as { part?: number };
      const answer = cache.answer(`sitemap:${host}:${part ?? 0}`, async () => {
        const all = await addresses();
        const parts = Math.ceil(all.length / SITEMAP_MAX_URLS);
        let body: string;
        if (part !== undefined) {
          body = urlset(
            all.slice((part - 1) * SITEMAP_MAX_URLS, part * SITEMAP_MAX_URLS).map((p) => `${host}${p}`),
          );
        } else if (parts <= 1) {
          body = urlset(all.map((p) => `${host}${p}`));
        } else {
          body = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from(
            { length: parts },
            (_, i) => `<sitemap><loc>${xmlEscape(`${host}/sitemap.xml?part=${i + 1}`)}</loc></sitemap>`,
          ).join('\n')}\n</sitemapindex>\n`;
        }
        return { body, headers: { 'content-type': 'application/xml; charset=utf-8' } };
      });
      replyWith(request, reply, answer);
    },
  );

  app.get(
    '/robots.txt',
    {
      config: { access: 'public' },
      schema: { tags: ['pages'], summary: 'What crawlers may read, and where the sitemap is' },
    },
    (request, reply) => {
      reply
        .type('text/plain; charset=utf-8')
        .header('cache-control', 'public, max-age=3600')
        .send(
          `User-agent: *\nDisallow: ${pages.dashboard.path}\nDisallow: /api/\nAllow: /\n\nSitemap: ${origin(request)}/sitemap.xml\n`,
        );
    },
  );
};
