import type { ModuleDescriptor } from '../../kernel/jobs';
import { siteMapRoutes } from './site-map.routes';

/** /sitemap.xml and /robots.txt; the web app itself is registered last by app.ts (registerWebApp). */
export const pagesModule: ModuleDescriptor = {
  name: 'edge/pages',
  // The sitemap lists every product and category in one query.
  reads: ['categories', 'products'],
  siteRoutes: () => [siteMapRoutes],
};

export { registerWebApp } from './web-app';
