import type { ModuleDescriptor } from '../../kernel/jobs/module-descriptor';
import { siteMapRoutes } from './site-map.routes';

/** /sitemap.xml and /robots.txt; the web app itself is registered last by app.ts (registerWebApp). */
export const pagesModule: ModuleDescriptor = { name: 'edge/pages', siteRoutes: () => [siteMapRoutes] };
