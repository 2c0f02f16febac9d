/**
 * Fires requests at a check-then-act rule all at once, the way a race finds it: every
 * attempt is created first and held behind one gate, then the gate opens and they all go.
 * The house rule (DEVELOPERS.md): every limit, lockout, balance, hold, budget or cap gets a
 * test through this helper with at least MIN_PARALLEL attempts, asserting the limit held.
 */
export const MIN_PARALLEL = 30;

export async function inParallel<T>(count: number, attempt: (index: number) => Promise<T>): Promise<T[]> {
  if (!Number.isInteger(count) || count < MIN_PARALLEL) {
    throw new Error(`inParallel needs at least ${MIN_PARALLEL} attempts to find a race; got ${count}`);
  }
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const attempts = Array.from({ length: count }, (_, index) => gate.then(() => attempt(index)));
  open();
  return Promise.all(attempts);
}

/** How many times each value occurs, e.g. the statuses of a burst: `{ 400: 9, 429: 31 }`. */
export function tally<T extends string | number>(values: readonly T[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const value of values) counts[String(value)] = (counts[String(value)] ?? 0) + 1;
  return counts;
}
