import swc from 'unplugin-swc';
import { defineConfig } from 'vitest/config';

// The unit tests of the rules `npm run mutation` mutates (test/mutation/stryker.config.mjs), as one project.
export default defineConfig({
  plugins: [
    swc.vite({ jsc: { parser: { syntax: 'typescript', decorators: true }, transform: { legacyDecorator: true, decoratorMetadata: true }, target: 'es2022' } }),
  ],
  test: {
    testTimeout: 30_000,
    include: [
      'src/modules/support/domain/**/*.spec.ts',
      'src/modules/support/support.config.spec.ts',
      'src/modules/bonuses/domain/bonus-r*.spec.ts',
      'src/modules/training/**/*.spec.ts',
      'src/modules/prep-course/contracts/*.spec.ts',
    ],
    exclude: ['**/*.int.spec.ts', 'node_modules/**'],
  },
});
