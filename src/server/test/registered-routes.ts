import diagnostics from 'node:diagnostics_channel';
import type { FastifyInstance, RouteOptions } from 'fastify';

/**
 * Every route an app registers, as `METHOD url` (`GET /api/order/:id`), in Fastify's own words.
 * Fastify announces each new instance on the `fastify.initialization` diagnostics channel before
 * any plugin runs, so an onRoute hook added there sees every route buildApp makes, with no hook in
 * the app for tests. The HEAD routes Fastify adds beside each GET are folded into that GET.
 */
export async function collectRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: string[] }> {
  const seen: string[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) seen.push(`${method} ${route.url}`);
  };
  const onInstance = (message: unknown) => {
    (message as { fastify: FastifyInstance }).fastify.addHook('onRoute', onRoute);
  };
  diagnostics.subscribe('fastify.initialization', onInstance);
  let built: T;
  try {
    built = await build();
  } finally {
    diagnostics.unsubscribe('fastify.initialization', onInstance);
  }
  const all = new Set(seen);
  const routes = [...all].filter((key) => {
    if (!key.startsWith('HEAD ')) return true;
    const url = key.slice('HEAD '.length);
    return !all.has(`GET ${url}`) && !all.has(`GET ${url.replace(/\/$/, '')}`);
  });
  return { built, routes: routes.sort() };
}
