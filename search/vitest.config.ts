import { defineConfig } from 'vitest/config';

// The machine is shared and has two cores: at most two test files run at once.
export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 20_000,
  },
});
