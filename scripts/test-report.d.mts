/** Prints the NOT RUN list and totals from vitest's JSON report; 1 when a test did not run for want of something `required` names. */
export function reportNotRun(reportFile: string, root: string, required?: string): 0 | 1;
/** Prints the `count` slowest tests of vitest's JSON report, slowest first. */
export function reportSlowest(reportFile: string, root: string, count?: number): void;
