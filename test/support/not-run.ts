import { describe } from 'vitest';

/**
 * A suite that needs something this machine may not have (a service, an environment
 * variable). Without it the suite is still registered, skipped, with what it needs in its
 * title: `npm test` lists every skipped test under NOT RUN, and `.ci/run` fails on those
 * that need a service CI provides (scripts/test.mjs, TEST_REQUIRE).
 */
export function describeIf(available: unknown, needs: string, title: string, body: () => void): void {
  if (available) describe(title, body);
  else describe.skip(`${title} [NOT RUN: needs ${needs}]`, body);
}
