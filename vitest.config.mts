import { defineConfig } from 'vitest/config';

// One runner config per kind of test: this one runs the unit tests of every workspace. End-to-end
// tests have their own Playwright config in e2e/. Every project runs at most two files at once (two
// cores); Vitest needs the same limit in projects that share a run. Timeouts catch hangs, they do not
// measure speed: Vitest's 5 s default failed on a loaded CI machine where the first import of the
// site's config (all of Docusaurus) or a shallow git clone took six seconds.
const slowMachine = { testTimeout: 30_000, hookTimeout: 60_000 };
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'scripts', include: ['scripts/__tests__/**/*.test.mjs'], environment: 'node', maxWorkers: 2, ...slowMachine } },
      { test: { name: 'site', include: ['site/config/__tests__/**/*.test.ts'], environment: 'node', maxWorkers: 2, ...slowMachine } },
      'search/vitest.config.{ts,mts}',
    ],
  },
});
