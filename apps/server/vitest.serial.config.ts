import { defineConfig } from 'vitest/config';
import { serverTest } from './vitest.config.ts';
import { serialTests } from './vitest.serial.ts';

export default defineConfig({
  test: { ...serverTest, name: 'server-serial', include: serialTests, maxWorkers: 1 },
});
