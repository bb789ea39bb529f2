import { defineConfig } from 'vitest/config';
import { serverTest } from './vitest.config';
import { serialTests } from './vitest.serial';

export default defineConfig({
  test: { ...serverTest, name: 'server-serial', include: serialTests, maxWorkers: 1 },
});
