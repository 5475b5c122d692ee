import type { FastifyInstance } from 'fastify';
import { isStaffRole, may } from '../../../contract/roles';
import { runInRequestScope } from '../../kernel/audit';
import { AppError } from '../../kernel/errors';
import { accessOf } from './route-permissions';

/**
 * The one access guard of the store, and the audit log's request scope. Registered right after
 * the auth plugin (kernel/identity), which loads who is signed in (`app.userOf`).
 */
export function registerAccessGuard(app: FastifyInstance) {
  const userOf = app.userOf;
  // The guard: every route's permission comes from the one table (route-permissions.ts). It runs
  // as soon as the route is known, before the body is read, parsed or validated: someone who may
  // not call a route gets 401/403 whatever they sent, and learns nothing of what it accepts (a
  // validation answer first would describe an admin route's body to anyone). A route the table
  // does not name is refused to everyone.
  // A callback hook: a public route (the catalog's answers) passes without a promise.
  app.addHook('onRequest', (request, _reply, done) => {
    const url = request.routeOptions.url;
    if (url === undefined) return done(); // the not-found handler
    const access = accessOf(request.method, url);
    if (access === undefined) {
      request.log.error({ route: `${request.method} ${url}` }, 'route has no permission declared');
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
