// Bundles the compiled server (dist/src) into dist/server: the API and worker entries and the
// embedded database's thread, with the portal's own modules in a few files instead of about 900.
// A start then resolves and reads far fewer files (bench/README.md, "one bundled server file").
// Packages stay in node_modules (native ones, WebAssembly and worker files among them); what the
// code imports dynamically (migrations, lazily loaded adapters) stays a file of its own, loaded
// when first used. The CLIs run from dist/src.
import * as esbuild from 'esbuild';

await esbuild.build({
  entryPoints: {
    main: 'dist/src/main.js',
    worker: 'dist/src/worker.js',
    // Beside the chunk that starts it: embedded-postgres.ts opens './embedded-postgres.worker.js'.
    'embedded-postgres.worker': 'dist/src/platform/persistence/embedded-postgres.worker.js',
  },
  outdir: 'dist/server',
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Nest names modules, providers and log contexts after their classes.
  keepNames: true,
  sourcemap: 'linked',
  logLevel: 'warning',
});
