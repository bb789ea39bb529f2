import { defineConfig } from 'vitest/config';
import { serialTests } from './vitest.serial.ts';

export const serverTest = {
  environment: 'node',
  testTimeout: 30_000,
  hookTimeout: 120_000,
  globalSetup: './test/global-setup.ts',
} as const;

export default defineConfig({
  test: {
    ...serverTest,
    name: 'server',
    // The files of a worker share their modules (fastify, drizzle, pg, the app's own): importing
    // them again for every file took a third of the project's time. Every file builds its own apps
    // and databases; the app's module-level caches are keyed by database or key, its metrics have a
    // registry per app, and no test mocks modules or changes the environment.
    isolate: false,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: serialTests,
  },
});
