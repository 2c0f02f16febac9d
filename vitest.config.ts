import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

import { WAIT_CEILING_MS } from './test/support/waiting.js';

// SWC emits the decorator metadata Nest needs for injection; esbuild does not.
const swcPlugin = () =>
  swc.vite({ jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } });

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [swcPlugin()],
        test: {
          name: 'unit',
          setupFiles: ['test/support/cpu-per-file.ts'],
          // Unit tests run beside the integration, HTTP and browser projects (scripts/test.mjs): a
          // busy machine must not turn a slower one (linting a file, a large CSV) into a timeout.
          testTimeout: 30_000,
          include: ['src/**/*.spec.ts', 'projections/**/*.spec.ts', 'web/src/**/*.spec.{ts,tsx}', 'test/support/**/*.spec.ts'],
          exclude: ['**/*.int.spec.ts', 'node_modules/**'],
        },
      },
      {
        plugins: [swcPlugin()],
        test: {
          name: 'int',
          setupFiles: ['test/support/cpu-per-file.ts'],
          include: ['src/**/*.int.spec.ts', 'projections/**/*.int.spec.ts', 'test/int/**/*.int.spec.ts'],
          globalSetup: ['test/support/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
          fileParallelism: false,
          // The files share one worker's loaded modules instead of loading NestJS, the modules and
          // the drivers again for each file: that loading was half of this project's time (a file
          // gets its own databases, pools and harness; none of them lives in module state).
          isolate: false,
          // Every wait of the suite has one ceiling (test/support/waiting.ts): a passing test waits only
          // as long as the work takes. Time limits here never measure speed; benchmarks do.
          expect: { poll: { timeout: WAIT_CEILING_MS } },
        },
      },
      {
        test: {
          name: 'api',
          setupFiles: ['test/support/cpu-per-file.ts'],
          include: ['test/api/**/*.api.spec.ts'],
          globalSetup: ['test/support/portal/portal-global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // Every wait of the suite has one ceiling (test/support/waiting.ts): a passing test waits only
          // as long as the work takes. Time limits here never measure speed; benchmarks do.
          expect: { poll: { timeout: WAIT_CEILING_MS } },
        },
      },
      {
        test: {
          name: 'e2e',
          setupFiles: ['test/support/cpu-per-file.ts'],
          include: ['test/e2e/**/*.e2e.spec.ts'],
          globalSetup: ['test/support/portal/portal-global-setup.ts'],
          testTimeout: 300_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // Every wait of the suite has one ceiling (test/support/waiting.ts): a passing test waits only
          // as long as the work takes. Time limits here never measure speed; benchmarks do.
          expect: { poll: { timeout: WAIT_CEILING_MS } },
        },
      },
    ],
  },
});
