/** Prints the NOT RUN list and totals from vitest's JSON reports (one file or several); 1 when a test did not run for want of something `required` names. */
export function reportNotRun(reportFiles: string | readonly string[], root: string, required?: string): 0 | 1;
/** Prints the `count` slowest tests of vitest's JSON reports, slowest first. */
export function reportSlowest(reportFiles: string | readonly string[], root: string, count?: number): void;
/** Prints the failed tests of vitest's JSON reports, each with the first line of its failure. */
export function reportFailed(reportFiles: string | readonly string[], root: string): void;
/** Prints each project's CPU (`cpu`: seconds, from `times`) and the `count` test files that cost the most CPU (the JSON lines in `cpuFolder`). */
export function reportCpu(results: readonly { project: string; cpu: number | null }[], cpuFolder: string, count?: number): void;
