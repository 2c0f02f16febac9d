/**
 * How long any test waits for asynchronous work to end (a read model passing a position, an
 * event on a stream, a job done, a page drawn) before it fails: one generous ceiling for every
 * wait of the suite (expect.poll, the browser's actions and waits, the helpers here), never a
 * figure tuned per test to a slow machine. A passing test waits only as long as the work takes;
 * the ceiling is only reached by a test that fails, so it costs nothing to be generous.
 */
export const WAIT_CEILING_MS = Number(process.env.TEST_WAIT_SECONDS ?? 120) * 1000;

/** Polls `probe` until `accept` holds (every 50 ms at first, then up to every 500 ms), and returns the value; fails after WAIT_CEILING_MS saying what it waited for. */
export async function eventually<T>(what: string, probe: () => Promise<T>, accept: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + WAIT_CEILING_MS;
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`Waited ${WAIT_CEILING_MS / 1000} s for ${what}; last seen: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
}
