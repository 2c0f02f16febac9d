import fs from 'node:fs';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries. no-restricted-imports sees the path as written, so each folder depth
// gets the relative prefix that reaches the repository root (a file in src/platform/x/ is 3
// levels below it). Deeper than MAX_DEPTH is unlikely; the boundary test covers the limit.
const MAX_DEPTH = 8;
const up = (levels) => `^(\\.\\./){${levels}}`;
const depths = Array.from({ length: MAX_DEPTH - 1 }, (_, i) => i + 2);
const filesAt = (folder, depth) => [`${folder}/${'*/'.repeat(depth - folder.split('/').length)}*.{ts,tsx}`];
const moduleNames = fs
  .readdirSync(new URL('src/modules', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const platformBoundary = depths.map((depth) => ({
  files: filesAt('src/platform', depth),
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '(^|/)modules/',
            message: 'The platform never imports a module: expose a port or an injection token in src/platform that the module provides.',
          },
          { regex: `${up(depth)}projections/`, message: 'The platform never imports a projection: AppModule hands the read models to PlatformModule.forRoot.' },
        ],
      },
    ],
  },
}));

const moduleBoundaries = moduleNames.flatMap((name) =>
  depths
    .filter((depth) => depth >= 3)
    .map((depth) => ({
      files: filesAt(`src/modules/${name}`, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(${up(depth - 2)}|(^|/)modules/)(?!${name}/)[^./][^/]*/(?!contracts/)`,
                message: "A module imports only another module's contracts/ folder, never its internals.",
              },
            ],
          },
        ],
      },
    })),
);

// The web app's features: each imports only app/, components/, lib/ (and content/) and its own
// folder, never another feature; what two features share moves to components/ or app/.
const WEB_FEATURES = 'web/src/features';
const webFeatureNames = fs
  .readdirSync(new URL(WEB_FEATURES, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const webFeatureBoundaries = webFeatureNames.flatMap((name) =>
  depths
    .filter((depth) => depth >= 4)
    .map((depth) => ({
      files: filesAt(`${WEB_FEATURES}/${name}`, depth),
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              {
                regex: `(${up(depth - 3)}|(^|/)features/)(?!${name}(/|$))[^./][^/]*(/|$)`,
                message:
                  'A web feature never imports another feature: move what both need to web/src/components/ (UI) or web/src/app/ (app-wide state, API calls).',
              },
            ],
          },
        ],
      },
    })),
);

export default tseslint.config(
  { ignores: ['dist/**', 'web/dist/**', 'node_modules/**', '.data/**', 'coverage/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  ...platformBoundary,
  ...moduleBoundaries,
  ...webFeatureBoundaries,
  {
    files: ['scripts/**', 'bench/**', 'test/**', '.ci/**'],
    rules: { 'no-console': 'off' },
  },
);
