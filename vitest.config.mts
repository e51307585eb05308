import { defineConfig } from 'vitest/config';

// One runner config per kind of test: this one runs the unit tests of every workspace. End-to-end
// tests have their own Playwright config in e2e/. Every project runs at most two files at once (two
// cores); Vitest needs the same limit in projects that share a run.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'scripts', include: ['scripts/__tests__/**/*.test.mjs'], environment: 'node', maxWorkers: 2 } },
      { test: { name: 'site', include: ['site/config/__tests__/**/*.test.ts'], environment: 'node', maxWorkers: 2 } },
      'search/vitest.config.{ts,mts}',
    ],
  },
});
