import { expect } from 'vitest';

import { fold, type Decider, type DomainEvent } from '../../src/platform/domain/decider.js';
import { DomainError } from '../../src/platform/domain/domain-error.js';

/** Decider tests as the domain says them: given these events, when this command, then these events (or this refusal). */
export function givenWhenThen<TCommand, TEvent extends DomainEvent, TState>(decider: Decider<TCommand, TEvent, TState>) {
  return (given: readonly TEvent[]) => ({
    when: (command: TCommand, now: Date) => ({
      then: (expected: readonly TEvent[]) => expect(decider.decide(command, fold(decider, given), now)).toEqual(expected),
      thenRefuses: (code: string, message?: string) => {
        let refusal: unknown;
        try {
          decider.decide(command, fold(decider, given), now);
        } catch (error) {
          refusal = error;
        }
        expect(refusal).toBeInstanceOf(DomainError);
        expect((refusal as DomainError).code).toBe(code);
        if (message) expect((refusal as DomainError).message).toBe(message);
        return refusal as DomainError;
      },
    }),
  });
}
