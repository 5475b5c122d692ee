import { createHash } from 'node:crypto';
import rateLimit, { type RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Request limits for the calls people can abuse cheaply (DESIGN.md section 6, ASVS 2.2): nothing is
 * limited unless a route asks. Answers over the limit are the 429 error envelope.
 */
export async function registerRateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', `Too many requests. Please wait ${context.after} and try again.`),
  });
}

/** Who is asking: the signed-in session when there is one, else the client's address. */
function sessionOrAddress(request: FastifyRequest): string {
  const credential = request.headers.authorization ?? request.headers.cookie;
  return credential ? `s:${createHash('sha256').update(credential).digest('base64url')}` : `ip:${request.ip}`;
}

export const perSession = (max: number): RateLimitOptions => ({
  max,
  timeWindow: 60_000,
  keyGenerator: sessionOrAddress,
});

export const perAddress = (max: number): RateLimitOptions => ({ max, timeWindow: 60_000 });
