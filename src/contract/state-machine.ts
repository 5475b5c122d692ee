/**
 * A state machine as data: its states, and for each event the state it leads to from each state it
 * may leave. The server applies it (`next`, which refuses any other move with a coded refusal)
 * and the web offers its buttons from it (`offers`), so the two never disagree about what is
 * allowed. A screen's action is one event, offered from the states the event may leave or from
 * fewer of them where a screen is narrower (nobody is asked to pay an order that ended).
 */

/** A move the machine does not allow. `code` is what callers test; words are for the pages. */
export class TransitionRefused extends Error {
  readonly code = 'transition-refused';
  constructor(
    readonly machine: string,
    readonly from: string,
    readonly event: string,
  ) {
    super(`${machine}: ${event} is not allowed from ${from}`);
    this.name = 'TransitionRefused';
  }
}

export interface Machine<S extends string, E extends string, A extends string> {
  readonly name: string;
  readonly states: readonly S[];
  readonly events: readonly E[];
  /** For each event, the state it leads to from each state it may leave. */
  readonly transitions: { readonly [event in E]: Partial<Record<S, S>> };
  /** The screens' actions: each one event, from the states listed (all it may leave when none are). */
  readonly actions: { readonly [action in A]: { readonly event: E; readonly from?: readonly S[] } };
  /** Whether `event` may leave `from`. */
  can(from: S, event: E): boolean;
  /** Where `event` leads from `from`; refuses (TransitionRefused) a move the table does not hold. */
  next(from: S, event: E): S;
  /** The states `event` may leave. */
  leaves(event: E): S[];
  /** The events that may leave `state`. */
  eventsFrom(state: S): E[];
  /** The screens' actions offered on something in `state`. */
  offers(state: S): A[];
}

export function defineMachine<
  const S extends string,
  const E extends string,
  const A extends string = never,
>(spec: {
  name: string;
  states: readonly S[];
  transitions: { readonly [event in E]: Partial<Record<S, S>> };
  actions?: {
    readonly [action in A]: { readonly event: NoInfer<E>; readonly from?: readonly NoInfer<S>[] };
  };
}): Machine<S, E, A> {
  const { name, states, transitions } = spec;
  const actions = (spec.actions ?? {}) as Machine<S, E, A>['actions'];
  const events = Object.keys(transitions) as E[];
  const can = (from: S, event: E) => Object.hasOwn(transitions[event] ?? {}, from);
  for (const [event, moves] of Object.entries(transitions) as Array<[E, Partial<Record<S, S>>]>)
    for (const [from, to] of Object.entries(moves) as Array<[S, S]>)
      if (!states.includes(from) || !states.includes(to))
        throw new Error(`${name}: ${event} names a state it does not declare (${from} -> ${to})`);
  for (const [action, { event, from }] of Object.entries(actions) as Array<[A, { event: E; from?: S[] }]>)
    for (const state of from ?? [])
      if (!can(state, event))
        throw new Error(`${name}: ${action} is offered from ${state}, where ${event} is not allowed`);
  return {
    name,
    states,
    events,
    transitions,
    actions,
    can,
    next(from, event) {
      const to = transitions[event]?.[from];
      if (to === undefined) throw new TransitionRefused(name, from, event);
      return to;
    },
    leaves: (event) => Object.keys(transitions[event] ?? {}) as S[],
    eventsFrom: (state) => events.filter((event) => can(state, event)),
    offers: (state) =>
      (Object.keys(actions) as A[]).filter((action) => {
        const { event, from } = actions[action];
        return can(state, event) && (from === undefined || from.includes(state));
      }),
  };
}
