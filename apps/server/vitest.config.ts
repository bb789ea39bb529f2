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
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: serialTests,
  },
});
