import { createRequire } from 'node:module';
import path from 'node:path';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';

import { APP_ROUTES } from './src/app/app-routes.ts';

/** Writes the app's route list for the server, which answers 404 for any other path. */
const appRoutesManifest = (): Plugin => ({
  name: 'app-routes-manifest',
  apply: 'build',
  generateBundle() {
    this.emitFile({ type: 'asset', fileName: 'app-routes.json', source: JSON.stringify(APP_ROUTES) });
  },
});

/** A module id as a path with forward slashes, whatever the platform. */
const slashed = (id: string) => id.replaceAll('\\', '/');
const fromPackages = (names: string[]) => (id: string) => names.some((name) => slashed(id).includes(`/node_modules/${name}/`));
const fromSource = (pattern: RegExp) => (id: string) => !slashed(id).includes('/node_modules/') && pattern.test(slashed(id));

/** Radix's drop-down menus and what positions them: the user menu's and a few pages' (not the signed-in layout's). */
const menuPackages = fromPackages([
  '@radix-ui/react-dropdown-menu',
  '@radix-ui/react-menu',
  '@radix-ui/react-popper',
  '@radix-ui/react-arrow',
  '@radix-ui/react-use-size',
  '@floating-ui',
]);
const radixPackages = fromPackages([
  '@radix-ui',
  'react-remove-scroll',
  'react-remove-scroll-bar',
  'aria-hidden',
  'use-sidecar',
  'use-callback-ref',
  'react-style-singleton',
  'get-nonce',
  'tslib',
]);
/** Radix's dialogs and their helpers: what the signed-in layout and its dialogs need. */
const dialogPackages = (id: string) => !menuPackages(id) && radixPackages(id);
/** Loaded as chunks of their own (by web/src/app/router.tsx, the user menu by the header): kept out of the groups, so each keeps its name in the manifest. */
const lazyEntry = fromSource(
  /\/web\/src\/(app\/(app-shell|user-menu)|features\/auth\/components\/sat-leader-gate|features\/access\/components\/access-code-dialog|features\/support\/components\/help-request-dialog)\.tsx$/,
);
/** Shared pieces that pull in a large library: each stays with the pages that use it. */
const heavyShared = fromSource(/\/web\/src\/(components\/ui\/(data-grid|grid-datasource|moment-column)|lib\/(phone|training-video))\.tsx?$/);
const dialogComponents = fromSource(/\/web\/src\/components\/ui\/(dialog|confirm-dialog|shown-once-dialog)\.tsx$/);

/**
 * How the code is cut into files. Left to itself the bundler made a file of nearly every module
 * two pages share (an icon, a hook): a signed-in page's first load fetched 43 to 54 files, one
 * round trip after another on a phone. These groups make a few larger files a page needs anyway:
 * - `vendor` (merged into the entry file): everything the first page needs, whichever it is (React, the router, the public layout);
 * - `kit`: the small helpers and UI pieces most pages use (the API client, formats, buttons, fields);
 * - `icons`: every icon, about 6 KB compressed;
 * - `tabs`: Radix's tabs (the sign-in page, Resources and a few others);
 * - `portal`: the signed-in layout's parts, the code of the dialogs every signed-in page may open
 *   and Radix's dialogs;
 * - `menus`: Radix's drop-down menus (the user menu, a few pages).
 * What is heavy (charts, grids, phone formats, course content) stays in chunks of its own, loaded
 * by the pages or the clicks that need it.
 */
const codeSplitting = {
  groups: [
    { name: 'vendor', tags: ['$initial' as const], priority: 10 },
    {
      name: 'kit',
      test: (id: string) => fromSource(/\/web\/src\/(components\/(ui|charts\/dollar-ticks)|lib|app\/api)\b/)(id) && !heavyShared(id) && !dialogComponents(id),
      priority: 9,
    },
    { name: 'icons', test: fromPackages(['lucide-react']), priority: 8 },
    { name: 'tabs', test: fromPackages(['@radix-ui/react-tabs']), priority: 7 },
    {
      name: 'portal',
      test: (id: string) =>
        !lazyEntry(id) &&
        (dialogPackages(id) ||
          dialogComponents(id) ||
          fromSource(
            /\/web\/src\/(app\/(?!router|profile-page|api\/)|features\/(access|support\/api|support\/components\/upload-files|payments\/components\/add-credit-button))/,
          )(id)),
      priority: 6,
    },
    { name: 'menus', test: menuPackages, priority: 5 },
  ],
};

/**
 * React Router's package points every import at its development build (its warnings and checks
 * on every render): the production build sits beside it, unexported. The app's build takes it.
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist', 'production');

export default defineConfig(({ command }) => ({
  root: import.meta.dirname,
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterProduction, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterProduction, 'dom-export.mjs') },
          ]
        : [],
  },
  plugins: [
    react(),
    tailwindcss(),
    appRoutesManifest(),
    // Brotli and gzip copies at their highest levels, which the server sends to browsers that accept them.
    compression({ include: /\.(html|css|js|svg|txt)$/, threshold: 1024, algorithms: ['gzip', 'brotliCompress'] }),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Written for reading a stack trace on the server, never referenced from the bundle or served.
    sourcemap: 'hidden',
    // web/dist/.vite/manifest.json: which chunks each page's code needs, read by the page-weight test
    // (a dot folder, which the server does not serve).
    manifest: true,
    chunkSizeWarningLimit: 900,
    rolldownOptions: { output: { codeSplitting } },
  },
  server: {
    proxy: { '/api': 'http://127.0.0.1:3000', '/health': 'http://127.0.0.1:3000' },
    fs: { allow: ['..'] },
  },
}));
