import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';

const MESSAGE = 'Text may not contain NUL characters';

/**
 * The top-level field of a parsed value holding a NUL character ('' for the value itself), or
 * undefined when there is none. Walks with a stack of its own: a 64 KB body can nest thousands deep.
 */
export function fieldWithNul(value: unknown): string | undefined {
  const stack: Array<[unknown, string]> = [[value, '']];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const [current, field] = item;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return field;
    } else if (typeof current === 'object' && current !== null && !ArrayBuffer.isView(current)) {
      for (const [key, child] of Object.entries(current)) {
        const top = field || key;
        if (key.includes('\u0000')) return top;
        stack.push([child, top]);
      }
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere a caller can type (path, query, JSON body)
 * used to reach a query and fail there as a 500. No field of the store has a use for it: such
 * requests are refused before any route or better-auth sees them.
 */
export function refuseNulCharacters(app: FastifyInstance) {
  // A callback hook, not an async one: it runs on every request, and a promise each is measurable.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const part of [request.params, request.query, request.body]) {
      const field = fieldWithNul(part);
      if (field !== undefined) {
        return done(new AppError('VALIDATION_FAILED', MESSAGE, [{ path: field, message: MESSAGE }]));
      }
    }
    done();
  });
}
