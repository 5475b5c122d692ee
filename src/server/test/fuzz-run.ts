import fc from 'fast-check';
import { answerProblems } from './fuzz-checks';
import { type FuzzRole, hintsFor } from './fuzz-hints';
import { invariantProblems, snapshotStore } from './fuzz-invariants';
import type { Actor, FuzzWorld } from './fuzz-world';
import { hiddenOperations } from './hidden-operations';
import { type FuzzRequest, requestArbitrary } from './openapi-arbitraries';
import { type OpenApiDocument, type Operation, operationName, operationsOf } from './openapi-operations';

/**
 * Runs the fuzzer: for each role and each operation (the OpenAPI document's and the hidden ones),
 * fast-check generates requests, sends them with `app.inject`, and checks every answer; after each
 * operation the app must still answer its health checks, and after each role the database must
 * still hold its invariants. A failing operation is shrunk by fast-check to a small request.
 */

export interface FuzzOptions {
  seed: number;
  /** Requests per operation and role (before any shrinking). */
  runsPerOperation: number;
  roles: FuzzRole[];
  /** Told after each operation, for progress output. */
  onOperation?: (role: FuzzRole, operation: string, sent: number) => void;
}

export interface FuzzFailure {
  role: FuzzRole;
  operation: string;
  problems: string;
  /** The (shrunk) request, readable. */
  request: string;
  /** fast-check's seed and path: `fc.check(..., { seed, path })` replays exactly this request. */
  replay: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  /** Requests sent, including fast-check's replays while shrinking a failure. */
  sent: number;
  statuses: Map<number, number>;
  failures: FuzzFailure[];
  durationMs: number;
}

/** How a role's request carries (or fails to carry) its session. */
type Via = 'none' | 'cookie' | 'cookie, same origin' | 'cookie, another site' | 'bearer';

interface Caller {
  via: Via;
  remoteAddress: string;
}

function callerArbitrary(role: FuzzRole): fc.Arbitrary<Caller> {
  const via: fc.Arbitrary<Via> =
    role === 'anonymous'
      ? fc.constant('none')
      : fc.oneof(
          { arbitrary: fc.constant<Via>('cookie'), weight: 3 },
          { arbitrary: fc.constant<Via>('cookie, same origin'), weight: 2 },
          { arbitrary: fc.constant<Via>('bearer'), weight: 3 },
          { arbitrary: fc.constant<Via>('cookie, another site'), weight: 1 },
        );
  // Many client addresses, as on the internet: the per-address auth limit then counts like it would.
  return fc.record({ via, remoteAddress: fc.ipV4() });
}

function authHeaders(actor: Actor | undefined, via: Via): Record<string, string> {
  if (!actor || via === 'none') return {};
  if (via === 'bearer') return { authorization: `Bearer ${actor.token}` };
  if (via === 'cookie') return { cookie: actor.cookie };
  return {
    cookie: actor.cookie,
    origin: via === 'cookie, same origin' ? 'http://localhost:80' : 'https://evil.example',
  };
}

const excerpt = (text: string, max = 240) => {
  const shown = JSON.stringify(text.length > max ? `${text.slice(0, max)}…(${text.length} chars)` : text);
  return shown.slice(1, -1);
};

export function describeRequest(request: FuzzRequest, caller: Caller): string {
  const body = request.payload === undefined ? '' : ` body ${excerpt(request.payload.toString())}`;
  return `${request.method} ${excerpt(request.url, 300)} [${request.mutation}] via ${caller.via}${body}`;
}

/** A stable seed per role and operation, so adding an operation does not change the others' requests. */
function seedFor(seed: number, role: FuzzRole, op: Operation): number {
  let hash = seed | 0;
  for (const char of `${role} ${operationName(op)}`) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** Calls that may rename an account; the names they leave are noted for the review and order checks. */
const RENAMES = new Set([
  'PUT /api/user/{email}',
  'POST /api/auth/update-user',
  'POST /api/auth/sign-up/email',
]);

export async function runFuzz(world: FuzzWorld, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const { app } = world;
  const operations = [...operationsOf(app.swagger() as OpenApiDocument), ...hiddenOperations];
  const report: FuzzReport = {
    seed: options.seed,
    operations: operations.length,
    sent: 0,
    statuses: new Map(),
    failures: [],
    durationMs: 0,
  };

  for (const role of options.roles) {
    const actor = role === 'admin' ? world.admin : role === 'customer' ? world.customer : undefined;
    // An admin may change prices and stock; everyone else's calls must leave them as they were.
    const before = role === 'admin' ? undefined : await snapshotStore(world.db);

    for (const op of operations) {
      const name = operationName(op);
      await world.refresh();
      const requests = requestArbitrary(op, hintsFor(world, role));
      const property = fc.asyncProperty(requests, callerArbitrary(role), async (request, caller) => {
        const sent = { ...request, headers: { ...request.headers, ...authHeaders(actor, caller.via) } };
        const res = await app.inject({
          method: sent.method,
          url: sent.url,
          headers: sent.headers,
          remoteAddress: caller.remoteAddress,
          ...(sent.payload === undefined ? {} : { payload: sent.payload }),
        });
        report.sent += 1;
        report.statuses.set(res.statusCode, (report.statuses.get(res.statusCode) ?? 0) + 1);
        if (RENAMES.has(name)) await world.recordNames();
        const problems = answerProblems(sent, { status: res.statusCode, body: res.body });
        if (problems.length) throw new Error(`${problems.join('; ')} (answer: ${excerpt(res.body, 300)})`);
      });
      const seed = seedFor(options.seed, role, op);
      const details = await fc.check(property, { seed, numRuns: options.runsPerOperation });
      if (details.failed) {
        const [request, caller] = details.counterexample ?? [];
        report.failures.push({
          role,
          operation: name,
          problems:
            details.errorInstance instanceof Error
              ? details.errorInstance.message
              : String(details.errorInstance),
          request: request && caller ? describeRequest(request, caller) : '(no counterexample)',
          replay: `seed ${seed}, path "${details.counterexamplePath ?? ''}"`,
        });
      }
      for (const url of ['/healthz', '/readyz']) {
        const health = await app.inject({ method: 'GET', url });
        if (health.statusCode !== 200) {
          report.failures.push({
            role,
            operation: name,
            problems: `the app stopped answering: GET ${url} answered ${health.statusCode}`,
            request: '(after this operation)',
            replay: `seed ${seed}`,
          });
        }
      }
      options.onOperation?.(role, name, report.sent);
    }

    for (const problem of await invariantProblems(world, before)) {
      report.failures.push({
        role,
        operation: 'database',
        problems: problem,
        request: '(after all calls)',
        replay: '',
      });
    }
  }
  report.durationMs = Date.now() - started;
  return report;
}

/** The failures as a readable list, for an assertion message or the bench's output. */
export function formatFailures(failures: FuzzFailure[]): string {
  return failures
    .map(
      (f, i) =>
        `${i + 1}. [${f.role}] ${f.operation}: ${f.problems}\n   request: ${f.request}\n   replay: ${f.replay}`,
    )
    .join('\n');
}

export function formatStatuses(statuses: Map<number, number>): string {
  return [...statuses.entries()]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status}: ${n}`)
    .join(', ');
}
