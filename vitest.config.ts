import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two files at a time: most tests wait on PostgreSQL, Redis or a child process as much as they
    // compute. The tests that time things run afterwards on their own (apps/server/vitest.serial.ts).
    maxWorkers: 2,
    projects: [
      'packages/contract',
      'apps/server/vitest.config.ts',
      'apps/server/vitest.serial.config.ts',
      'apps/web',
      'apps/admin',
    ],
  },
});
