import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'admin',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      // antd's first render of a dialog is slow on a busy machine.
      testTimeout: 20_000,
      css: { modules: { classNameStrategy: 'non-scoped' } },
    },
  }),
);
