import type { ModuleDescriptor } from '../../kernel/jobs';
import { siteMapRoutes } from './site-map.routes';

/** /sitemap.xml and /robots.txt; the web app itself is registered last by app.ts (registerWebApp). */
export const pagesModule: ModuleDescriptor = { name: 'edge/pages', siteRoutes: () => [siteMapRoutes] };

export { registerWebApp } from './web-app';
