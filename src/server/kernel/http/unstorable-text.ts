import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const NUL_MESSAGE = 'Text may not contain NUL characters';
const UNICODE_MESSAGE = 'Text must be valid Unicode (it holds a broken character)';

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a piece of text PostgreSQL cannot store, or undefined when it can. */
function problemWith(text: string): string | undefined {
  if (text.includes('\u0000')) return NUL_MESSAGE;
  // A lone UTF-16 surrogate ("x\ud800y" in JSON) is no character at all: PostgreSQL's text and
  // jsonb refuse it, so it used to reach a query and fail there as a 500.
  if (LONE_SURROGATE.test(text)) return UNICODE_MESSAGE;
  return undefined;
}

/** The text with every character PostgreSQL cannot store replaced by U+FFFD, for keeping a report of it. */
export function storableText(text: string): string {
  return text.replaceAll('\u0000', '\uFFFD').replace(new RegExp(LONE_SURROGATE.source, 'g'), '\uFFFD');
}

/**
 * The top-level field of a parsed value holding text PostgreSQL cannot store ('' for the value
 * itself) and why, or undefined when there is none. Walks with a stack of its own: a 64 KB body can
 * nest thousands deep.
 */
export function unstorableField(value: unknown): { field: string; message: string } | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, field] = item;
    if (typeof current === 'string') {
      const message = problemWith(current);
      if (message) return { field, message };
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const top = field || key;
        const message = problemWith(key);
        if (message) return { field: top, message };
        stack.push([child, top]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000 nor a lone surrogate, so such text anywhere a caller can type
 * (path, query, JSON body) used to reach a query and fail there as a 500. No field of the store
 * has a use for either: such requests are refused with 400 before any route or better-auth sees
 * them, whatever the route (every body goes through this hook).
 */
export function refuseUnstorableText(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and a promise each is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    // A body handed over as a stream (the CSV import) is read by its route: walking the stream
    // object would follow its socket and server round their cycles and never return.
    const body = request.body as { pipe?: unknown } | undefined;
    const parsed = typeof body?.pipe === 'function' ? undefined : request.body;
    for (const part of [request.params, request.query, parsed]) {
      const found = unstorableField(part);
      if (found) {
        return done(
          new AppError('VALIDATION_FAILED', found.message, [{ path: found.field, message: found.message }]),
        );
      }
    }
    done();
  });
}
