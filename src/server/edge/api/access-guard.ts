import type { FastifyInstance, RouteOptions } from 'fastify';
import { isStaffRole, may, type RouteAccess } from '../../../contract/roles';
import { runInRequestScope } from '../../kernel/audit';
import { AppError } from '../../kernel/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Every route this app registered, `METHOD url` (the prefix included, `:params` as written) to
     * the access it declared; a GET's HEAD is folded into it. The permission table of the docs
     * (`npm run docs:permissions`) and the access matrix test are made from it.
     */
    routeAccess: () => Map<string, RouteAccess>;
  }
}

/**
 * Collects the access every route declares in its options (`config.access`, kernel/http
 * route-access.ts) and refuses to start when one declares none: the error names each such route.
 * Added first thing in buildApp, before any plugin registers a route, so none is missed.
 */
export function collectRouteAccess(app: FastifyInstance) {
  // The route's options object itself: a scope's default (declareScopeAccess) sets `config.access`
  // on it in a hook that runs after this one, so the access is read once every hook has run.
  // Its method and url are taken now: Fastify may change the url afterwards (a prefix's `/`).
  const seen: { keys: string[]; route: RouteOptions }[] = [];
  app.addHook('onRoute', (route) => {
    seen.push({ keys: [route.method].flat().map((method) => `${method} ${route.url}`), route });
  });
  const routeAccess = () => {
    const all = new Map<string, RouteAccess | undefined>();
    for (const { keys, route } of seen) for (const key of keys) all.set(key, route.config?.access);
    const declared = new Map<string, RouteAccess>();
    const undeclared: string[] = [];
    for (const [key, access] of [...all].sort(([a], [b]) => a.localeCompare(b))) {
      // Fastify adds a HEAD beside each GET (and its `/` spelling); it asks what the GET asks.
      const url = key.slice('HEAD '.length);
      if (key.startsWith('HEAD ') && (all.has(`GET ${url}`) || all.has(`GET ${url.replace(/\/$/, '')}`)))
        continue;
      if (access === undefined) undeclared.push(key);
      else declared.set(key, access);
    }
    return { declared, undeclared };
  };
  app.decorate('routeAccess', () => routeAccess().declared);
  app.addHook('onReady', async () => {
    const { undeclared } = routeAccess();
    if (undeclared.length)
      throw new Error(
        `Every route declares its access (config.access: 'public', 'signedIn' or a permission); these declare none: ${undeclared.join(', ')}`,
      );
  });
}

/**
 * The one access guard of the store, and the audit log's request scope. Registered right after
 * the auth plugin (kernel/identity), which loads who is signed in (`app.userOf`).
 */
export function registerAccessGuard(app: FastifyInstance) {
  const userOf = app.userOf;
  // The guard: every route's access comes from its own options (`config.access`). It runs as soon
  // as the route is known, before the body is read, parsed or validated: someone who may not call
  // a route gets 401/403 whatever they sent, and learns nothing of what it accepts (a validation
  // answer first would describe an admin route's body to anyone). The store does not start with a
  // route that declares nothing; were one to slip past, it is refused to everyone (fail closed).
  // A callback hook: a public route (the catalog's answers) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url === undefined) return done(); // the not-found handler
    const access = request.routeOptions.config.access;
    if (access === undefined) {
      request.log.error({ route: `${request.method} ${url}` }, 'route has no access declared');
      return done(new AppError('FORBIDDEN', 'You may not do this'));
    }
    if (access === 'public') return done();
    userOf(request).then((user) => {
      if (!user) return done(new AppError('UNAUTHENTICATED', 'Please log in to continue'));
      if (access !== 'signedIn' && !may(user.role, access))
        return done(
          new AppError(
            'FORBIDDEN',
            isStaffRole(user.role) ? 'Your role may not do this' : 'Only an admin may do this',
          ),
        );
      done();
    }, done);
  });
  // Who is asking and from where, for the audit rows the route's changes write (kernel/audit). Set
  // once the body was read, so the handler and every promise it starts run inside the scope.
  app.addHook('preHandler', (request, _reply, done) => {
    const actor = () =>
      request.user ? { id: request.user.id, email: request.user.email, role: request.user.role } : null;
    runInRequestScope({ actor, ip: request.ip }, done);
  });
}
