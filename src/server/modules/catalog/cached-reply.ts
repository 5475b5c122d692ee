import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CachedAnswer } from './answer-cache';

/**
 * Whether If-None-Match names this tag (or is `*`). For GET the comparison is the weak one
 * (RFC 9110 section 13.1.2): a `W/` prefix on either side does not matter.
 */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => opaque(tag.trim()) === wanted);
}

/**
 * Sends a cached answer: 304 with no body when the client already holds these bytes. `no-cache`
 * lets a browser keep the answer but makes it ask again each time, since stock changes any moment.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  reply.header('etag', answer.etag).header('cache-control', 'no-cache').headers(answer.headers);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
