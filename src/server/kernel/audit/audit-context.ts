import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is acting, as the audit log records them. */
export interface AuditActor {
  id: string;
  email: string;
  role: string;
}

/** The request a change happens in: its signed-in person (read when the row is written) and address. */
interface RequestScope {
  actor(): AuditActor | null;
  ip: string;
}

const scope = new AsyncLocalStorage<RequestScope>();

/**
 * Runs the rest of a request inside its scope, so `recordAudit` knows who asked and from where
 * without every service taking the request apart. Set by the guard (edge/api/access-guard.ts) after the
 * body was read, so the route's own hooks and handler, and every promise they start, see it.
 */
export function runInRequestScope(value: RequestScope, next: () => void): void {
  scope.run(value, next);
}

/** The current request's person and address; null outside a request (jobs, the CLI, tests' direct calls). */
export function requestScope(): { actor: AuditActor | null; ip: string | null } | null {
  const current = scope.getStore();
  return current ? { actor: current.actor(), ip: current.ip } : null;
}
