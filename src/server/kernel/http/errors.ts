import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorCode, ErrorEnvelope, FieldIssue } from '../../../contract/errors';
import { AppError } from '../errors';
import { loggableError } from './loggable-error';

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, issues?: FieldIssue[]) {
  const body: ErrorEnvelope = { error: { code, message, ...(issues?.length ? { issues } : {}) } };
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Fastify's own 4xx errors (bad JSON, body too large, ...) mapped onto our codes. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  if (status >= 500) return 'INTERNAL';
  return 'VALIDATION_FAILED';
}

/**
 * Fastify's `frameworkErrors`: refusals it makes before any route runs (a broken %-escape in the
 * path, a path parameter over its length), which would otherwise leave in Fastify's own shape
 * and quote the path back. Same envelope as everything else.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode ?? 400;
  if (status >= 500)
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  return send(
    reply,
    status,
    codeForStatus(status),
    status === 414 ? 'The address is too long' : 'The address is not valid',
  );
}

const UNKNOWN_HOST_MESSAGE =
  'This store answers signed-in requests at its local address only. Set PUBLIC_URL to the address buyers use.';

/**
 * Without PUBLIC_URL, better-auth accepts only the local hosts it was given and throws for any
 * other Host (a LAN address, a domain pointed at the store before PUBLIC_URL was set). That is the
 * operator's setting to fix, not a fault of ours: it gets a 400 that says what to set.
 */
function isUnknownHost(error: Error): boolean {
  return error.name === 'BetterAuthError' && /allowed hosts/i.test(error.message);
}

/**
 * One error envelope for every non-2xx answer. 4xx messages are meant for
 * the caller and pass through; anything else is logged and answered generically so no stack
 * trace, SQL or path leaves the server.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues = error.validation.map((v) => ({
        path: String(v.instancePath ?? '')
          .replace(/^\//, '')
          .replaceAll('/', '.'),
        message: v.message ?? 'Invalid value',
      }));
      return send(reply, 400, 'VALIDATION_FAILED', issues[0]?.message ?? 'The request is not valid', issues);
    }
    if (error instanceof AppError) {
      return send(reply, error.status, error.code, error.message, error.issues);
    }
    if (isUnknownHost(error)) return send(reply, 400, 'VALIDATION_FAILED', UNKNOWN_HOST_MESSAGE);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return send(reply, status, codeForStatus(status), error.message);
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return send(reply, 500, 'INTERNAL', 'Something went wrong on our side. Please try again.');
  });
}
