import { ErrorEnvelope } from '../../contract/errors';
import { type FuzzRequest, JSON_BODY_LIMIT, UPLOAD_BODY_LIMIT } from './openapi-arbitraries';

/**
 * What every answer to a fuzzed request must satisfy, whatever was sent: no 5xx, the error envelope
 * on every refusal, nothing of the server's insides in the body, and 413 for a body over the limit.
 */

/** Signs of internals leaking: stack frames, source paths, SQL and driver messages, error class names. */
const LEAKS: Array<[string, RegExp]> = [
  ['a stack frame', /\n\s+at [^\n]+:\d+:\d+/],
  ['a source path', /node_modules|\/src\/server\/|\.ts:\d+/],
  [
    'SQL or a database message',
    /syntax error at or near|violates [a-z-]+ constraint|duplicate key value|invalid byte sequence|invalid input syntax for|Failed query|relation "|select .+ from "/i,
  ],
  ['a driver name', /\b(PGlite|DrizzleQueryError|pg_catalog|ECONNREFUSED)\b/],
  ['an error class', /\b(TypeError|ReferenceError|RangeError|SyntaxError|ZodError)\b/],
];

/**
 * better-auth's own error shape, which /api/auth/* answers in (docs/decisions/004): its browser
 * client reads `message` and `code`.
 */
const isBetterAuthError = (body: unknown): boolean =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as { message?: unknown }).message === 'string' &&
  ['string', 'undefined'].includes(typeof (body as { code?: unknown }).code);

export interface Answer {
  status: number;
  body: string;
}

function envelopeProblem(request: FuzzRequest, answer: Answer): string | undefined {
  if (answer.status < 400) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `${answer.status} whose body is not JSON`;
  }
  if (ErrorEnvelope.safeParse(parsed).success) return undefined;
  if (request.url.startsWith('/api/auth/') && isBetterAuthError(parsed)) return undefined;
  return `${answer.status} without the error envelope`;
}

const bodyLength = (request: FuzzRequest) =>
  request.payload === undefined ? 0 : Buffer.byteLength(request.payload);

/** Everything wrong with one answer; empty when it is as it must be. */
export function answerProblems(request: FuzzRequest, answer: Answer): string[] {
  const problems: string[] = [];
  if (answer.status >= 500) problems.push(`answered ${answer.status}`);
  const envelope = envelopeProblem(request, answer);
  if (envelope) problems.push(envelope);
  const sent = `${request.url}\n${request.payload?.toString() ?? ''}`;
  for (const [what, pattern] of LEAKS) {
    // A message may quote the caller's own input back; only text the caller did not send is a leak.
    if (pattern.test(answer.body) && !pattern.test(sent)) problems.push(`the body shows ${what}`);
  }
  // Over the limit, a body is never taken in: 413, or refused before it is read (a cookie from
  // another site, no session or rights for a form the handler never opens, a type nobody parses).
  const limit = request.url.startsWith('/api/uploads') ? UPLOAD_BODY_LIMIT : JSON_BODY_LIMIT;
  if (bodyLength(request) > limit && ![401, 403, 413, 415].includes(answer.status)) {
    problems.push(`a ${bodyLength(request)}-byte body (limit ${limit}) answered ${answer.status}`);
  }
  return problems;
}
