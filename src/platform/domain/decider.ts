/** An event as a decider produces it: type and data, before metadata is attached. */
export type DomainEvent<TType extends string = string, TData = unknown> = { readonly type: TType; readonly data: TData };

/**
 * The pure core of an event-sourced aggregate: state is the fold of its events, and a
 * command becomes new events or a DomainError. The clock is passed in, never read.
 */
export type Decider<TCommand, TEvent extends DomainEvent, TState> = {
  readonly initialState: () => TState;
  readonly evolve: (state: TState, event: TEvent) => TState;
  readonly decide: (command: TCommand, state: TState, now: Date) => readonly TEvent[];
};

export function fold<TEvent extends DomainEvent, TState>(
  decider: Pick<Decider<unknown, TEvent, TState>, 'initialState' | 'evolve'>,
  events: readonly TEvent[],
): TState {
  return events.reduce(decider.evolve, decider.initialState());
}

/** For exhaustive switches: a missing case fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`Unhandled case: ${JSON.stringify(value)}`);
}
