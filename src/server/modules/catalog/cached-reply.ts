import type { FastifyReply, FastifyRequest, onRequestHookHandler } from 'fastify';
import type { AnswerCache, CachedAnswer } from './answer-cache';

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

/** Every header of an answer, put together on its first sending and reused while it is cached. */
const headersOf = new WeakMap<CachedAnswer, Record<string, string>>();

/**
 * Sends a cached answer: 304 with no body when the client already holds these bytes. `no-cache`
 * lets a browser keep the answer but makes it ask again each time, since stock changes any moment.
 */
export function sendCachedAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer) {
  let headers = headersOf.get(answer);
  if (!headers) {
    headers = {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-cache',
      etag: answer.etag,
      ...answer.headers,
    };
    headersOf.set(answer, headers);
  }
  reply.headers(headers);
  if (etagMatches(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.send(answer.body);
}

/**
 * Sends the answer now when it is at hand, or once it is built (Fastify's callback style: the
 * handler returns nothing and the reply follows); a failed build goes to the error handler. On a
 * hit the handler stays synchronous, with no promise on the busiest path of the store.
 */
export function replyWith(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: CachedAnswer | Promise<CachedAnswer>,
) {
  if (answer instanceof Promise) {
    answer.then(
      (built) => sendCachedAnswer(request, reply, built),
      (error: unknown) => reply.send(error),
    );
    return;
  }
  sendCachedAnswer(request, reply, answer);
}

/**
 * The answers last sent to each address (path and query, byte for byte), served again from an
 * onRequest hook while the cache says they are current: the query is not parsed and validated
 * again, nor the route's guard run, for an address that was answered from memory before. Only
 * public answers that no limit counts are remembered (the caller decides). Bounded, since
 * addresses come from whoever asks: past `maxEntries` it starts again empty.
 */
export function answersByAddress(cache: AnswerCache, maxEntries = 2000) {
  const sent = new Map<string, CachedAnswer>();
  const onRequest: onRequestHookHandler = (request, reply, done) => {
    const answer = request.method === 'GET' ? sent.get(request.url) : undefined;
    if (answer === undefined || !cache.isCurrent(answer)) return done();
    sendCachedAnswer(request, reply, answer);
  };
  return {
    onRequest,
    /** Remembers what this request was answered with, when it came from memory. */
    remember(request: FastifyRequest, answer: CachedAnswer | Promise<CachedAnswer>) {
      if (answer instanceof Promise || !cache.isCurrent(answer)) return;
      if (sent.size >= maxEntries) sent.clear();
      sent.set(request.url, answer);
    },
  };
}
