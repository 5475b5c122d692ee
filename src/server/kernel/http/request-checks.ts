import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

/** A DNS name (labels of letters, digits, `-`, `_`) or a bracketed IPv6 address, and a port. */
const HOST =
  /^(?:[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62})(?:\.[A-Za-z0-9_](?:[A-Za-z0-9_-]{0,62}))*\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::\d{1,5})?$/;

/** Whether a Host (or X-Forwarded-Host) value is one a browser could have sent. */
export function isPlainHost(value: string): boolean {
  if (value.length > 260 || !HOST.test(value)) return false;
  try {
    new URL(`http://${value}`);
    return true;
  } catch {
    return false;
  }
}

/**
 * A malformed Host header is the client's mistake: answered 400 before anything builds a URL from
 * it (better-auth and the page renderer do, and a broken one used to end there as a 500 in the error
 * log). A missing Host (HTTP/1.0) is left alone.
 */
export function refuseMalformedHost(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request.
  app.addHook('onRequest', (request, _reply, done) => {
    for (const name of ['host', 'x-forwarded-host'] as const) {
      const value = request.headers[name];
      if (value !== undefined && (typeof value !== 'string' || !isPlainHost(value)))
        return done(
          new AppError(
            'VALIDATION_FAILED',
            `The ${name === 'host' ? 'Host' : 'X-Forwarded-Host'} header is not valid`,
          ),
        );
    }
    done();
  });
}

/** Short, plain ids only: a client's id lands in every log line of its request. */
const PLAIN_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * Fastify's genReqId: a caller's `x-request-id` is kept to follow one request through the logs when
 * it is short and plain, and replaced otherwise, so nobody writes control characters, fake log
 * fields or kilobytes into every line.
 */
export function requestIdFor(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && PLAIN_ID.test(given) ? given : randomUUID();
}
