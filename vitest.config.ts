import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Files run side by side in their own processes: servers listen on free ports, builds go to folders of their own.
    pool: 'forks',
    fileParallelism: true,
    maxWorkers: 3,
    // The JSON report is what CI counts; the default reporter is for people.
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
  },
});
