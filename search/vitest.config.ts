import { defineConfig } from 'vitest/config';

// The machine is shared and has two cores: at most two test files run at once. Timeouts catch hangs,
// they do not measure speed: on a loaded CI machine a test that starts three processes took 19 s.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
