/**
 * Flows of named steps (docs/decisions/087), after Medusa's `createStep(invoke, compensate)`: a
 * flow is a list read top to bottom, each step done by a module's function. When a step fails, the
 * steps done before it are undone in reverse order by their compensations (a step that reserved
 * stock releases it; one that held money back gives it back), and the failure goes on to the caller.
 *
 * A step that reaches a provider whose answer may be lost (a refund asked of the card provider,
 * a payment opened) is a pivot: once it has begun, money may have moved where we cannot undo it,
 * so a failure from there on is finished forward instead (a repeat of the request, or the job that
 * asks the provider again, under the same idempotency key), and nothing before it is compensated.
 */
export interface Step<C> {
  name: string;
  /** The step's work; `STOP` ends the flow there, done (e.g. a repeated request already answered). */
  run: (ctx: C) => Promise<undefined | typeof STOP>;
  /** Undoes the step's work when a later step fails before the pivot. */
  compensate?: (ctx: C) => Promise<void>;
  /** From here on the flow is finished forward, never undone (see above). */
  pivot?: true;
}

/** What a step returns to end its flow early, with its answer already in the context. */
export const STOP = Symbol('stop');

/** A failure inside a flow, naming the step; `cause` is what the step threw (rethrown as is). */
export class StepFailed extends Error {
  constructor(
    readonly flow: string,
    readonly step: string,
    override readonly cause: unknown,
  ) {
    super(`${flow}: ${step} failed`);
  }
}

/**
 * Runs `steps` in order on `ctx`. On a failure before any pivot began, the completed steps'
 * compensations run in reverse (a compensation that fails is reported to `onCompensationFailed`
 * and the others still run); then the step's own error is thrown, unchanged, so callers and pages
 * see what they saw before the flow was written as steps.
 */
export async function runSteps<C>(
  flow: string,
  steps: readonly Step<C>[],
  ctx: NoInfer<C>,
  onCompensationFailed?: (failure: StepFailed) => void,
): Promise<C> {
  const done: Step<C>[] = [];
  let pivoted = false;
  for (const step of steps) {
    if (step.pivot) pivoted = true;
    try {
      if ((await step.run(ctx)) === STOP) return ctx;
    } catch (error) {
      if (!pivoted) {
        for (const undo of done.reverse()) {
          try {
            await undo.compensate?.(ctx);
          } catch (failure) {
            onCompensationFailed?.(new StepFailed(flow, undo.name, failure));
          }
        }
      }
      throw error;
    }
    done.push(step);
  }
  return ctx;
}

/**
 * A copy of `steps` whose step `name` throws instead of running (tests kill a flow at each step
 * in turn and check that nothing is left half done).
 */
export function failingAt<C>(steps: readonly Step<C>[], name: string, error = new Error(`${name} killed`)) {
  if (!steps.some((s) => s.name === name)) throw new Error(`no step named ${name}`);
  return steps.map((s) =>
    s.name === name
      ? {
          ...s,
          run: async () => {
            throw error;
          },
        }
      : s,
  );
}
