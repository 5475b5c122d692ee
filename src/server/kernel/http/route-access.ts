import type { FastifyInstance } from 'fastify';
import type { RouteAccess } from '../../../contract/roles';

/**
 * Every route declares what it asks of its caller in its own options, next to its schema:
 * `{ config: { access: 'public' } }`, `'signedIn'` (any account, acting as itself: the service
 * then checks the thing is the caller's own), or a permission the caller's role must hold
 * (`'orders.ship'`; contract/roles.ts maps roles to permissions). The access guard
 * (edge/api/access-guard.ts) enforces it, and the store refuses to start with a route that
 * declares nothing (decision 088).
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
  }
}

/**
 * Declares `access` for every route a plugin of someone else's registers in this scope (the API
 * docs' pages, the web build's files), which cannot take our options. A route that declares its
 * own keeps it.
 */
export function declareScopeAccess(scope: FastifyInstance, access: RouteAccess) {
  scope.addHook('onRoute', (route) => {
    if (route.config?.access === undefined) route.config = { ...route.config, access };
  });
}
