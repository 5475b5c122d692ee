import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance } from 'fastify';
import { loggableError } from './loggable-error';

/**
 * The last line of defence (docs/decisions/072): an error nobody handles (an 'error' event with no
 * listener, a throw in a timer, a rejected promise nobody awaits) is logged and fails the one
 * request or job it happened in; it never ends the process and every other request goes on.
 * Each request's handler and each job run inside a piece of work that knows how to fail it.
 * Every stream and parser of the store has its own handling; this is for the one that is missed.
 */

interface Work {
  what: string;
  fail(error: unknown): void;
}

const current = new AsyncLocalStorage<Work>();

/**
 * Runs `task` as one piece of work: an error nobody handles while it runs, in anything it
 * started, rejects the answer with that error, as if the task had thrown it.
 */
export function guarded<T>(what: string, task: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    current.run({ what, fail: reject }, () => {
      try {
        task().then(resolve, reject);
      } catch (error) {
        reject(error);
      }
    });
  });
}

/**
 * Every request's handler as a piece of work: an error nobody handles is answered as any error
 * the handler throws (the error envelope, 500), unless the answer has already gone. Set before
 * the handler, once the body was read (reading happens outside any request's work).
 */
export function guardRequests(app: FastifyInstance): void {
  app.addHook('preHandler', (request, reply, done) => {
    current.run(
      {
        what: `${request.method} ${request.routeOptions.url ?? 'unrouted'} (${request.id})`,
        fail: (error) => {
          if (!reply.sent) reply.send(error instanceof Error ? error : new Error(String(error)));
        },
      },
      done,
    );
  });
}

interface GuardLog {
  error(details: object, message: string): void;
}

let heard: ((error: unknown) => void) | undefined;

/**
 * Installs the process's listeners (main.ts, once the app is built): nothing unhandled ends the
 * process. A process manager still restarts a store that stops answering; /healthz says whether
 * it answers.
 */
export function guardProcess(log: GuardLog): void {
  if (heard) return;
  heard = (error: unknown) => {
    const work = current.getStore();
    log.error(
      { err: loggableError(error), work: work?.what ?? null },
      work
        ? `unhandled error: ${work.what} failed with it; the store goes on`
        : 'unhandled error outside any request or job; the store goes on',
    );
    work?.fail(error);
  };
  process.on('uncaughtException', heard);
  process.on('unhandledRejection', heard);
}
