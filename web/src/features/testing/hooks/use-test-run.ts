import { useState } from 'react';

import { ApiRequestError } from '../../../lib/api-client';

/** One run's outcome: pass or fail, what was run, and the answer (or the error's text). */
export type TestOutcome = { pass: boolean; label: string; answer: unknown; message: string | null };

/** The failure's text as the page shows it: 'Not authenticated' for a session that ended, else the API's own words. */
export function failureText(failure: unknown): string {
  if (failure instanceof ApiRequestError) {
    if (failure.status === 401) return 'Not authenticated';
    const fields = failure.fieldErrors.map((error) => error.message).filter((message) => message !== failure.message);
    return [failure.message, ...fields].join(' ');
  }
  return failure instanceof Error ? failure.message : String(failure);
}

/**
 * A section's runs: `run` calls the real API and records pass (it answered, and `passes` agrees)
 * or fail (a refusal, in its own words); `fail` records a check the page made before calling.
 */
export function useTestRun() {
  const [outcome, setOutcome] = useState<TestOutcome | null>(null);
  const [running, setRunning] = useState(false);
  const run = async <T>(label: string, call: () => Promise<T>, passes: (answer: T) => boolean = () => true) => {
    setRunning(true);
    try {
      const answer = await call();
      setOutcome({ pass: passes(answer), label, answer, message: null });
    } catch (failure) {
      const body = failure instanceof ApiRequestError ? { status: failure.status, code: failure.code, message: failure.message, ...failure.details } : null;
      setOutcome({ pass: false, label, answer: body, message: failureText(failure) });
    } finally {
      setRunning(false);
    }
  };
  const fail = (label: string, message: string) => setOutcome({ pass: false, label, answer: null, message });
  return { outcome, running, run, fail, record: setOutcome };
}
