import type { ModuleDescriptor } from '../../kernel/jobs';
import { healthRoutes } from './health.routes';

/** GET /healthz and /readyz, at the site's root. */
export const healthModule: ModuleDescriptor = { name: 'edge/health', siteRoutes: () => [healthRoutes] };
