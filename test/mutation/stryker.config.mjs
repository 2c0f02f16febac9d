// `npm run mutation`: Stryker mutates the deadline, money and access rules of the support desk,
// bonus runs, training and prep course, and runs their unit tests against each mutant; a mutant no
// test kills is a rule no test guards. Slow (about half an hour on one core), so it runs on its
// own, not in `npm test`. Report: test-results/mutation/index.html.
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'test/mutation/vitest.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'src/modules/support/domain/sla/business-calendar.ts',
    'src/modules/support/domain/sla/sla-clock.ts',
    'src/modules/support/domain/ticket-sla.ts',
    'src/modules/support/domain/ticket.decider.ts',
    'src/modules/bonuses/domain/bonus-run.decider.ts',
    'src/modules/bonuses/domain/bonus-rules.ts',
    'src/modules/training/contracts/training-checklist.ts',
    'src/modules/training/domain/training-standing.ts',
    'src/modules/prep-course/contracts/prep-course-schedule.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: Number(process.env.STRYKER_CONCURRENCY ?? 1),
  timeoutMS: 30_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'test-results/mutation/index.html' },
  jsonReporter: { fileName: 'test-results/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['dist', 'test-results', '.data', '.stryker-tmp', 'bench/results', 'coverage'],
  cleanTempDir: 'always',
};
