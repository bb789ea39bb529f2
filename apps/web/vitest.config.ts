import { defineConfig, mergeConfig } from 'vitest/config';
import viteConfig from './vite.config.ts';

/**
 * npm hoisted a React 18 to the root for the peer ranges of antd-mobile's dependencies; the app runs
 * on the React 19 installed beside it. In the browser build Vite's resolve.dedupe handles that. In
 * tests antd-mobile's own ES modules run through Vite, but the CommonJS and React-using libraries it
 * imports would be loaded by Node from the root (React 18): pre-bundle them so that they use React 19.
 */
const antdDependencies = [
  'ahooks',
  '@react-spring/web',
  'antd-mobile-icons',
  '@use-gesture/react',
  'rc-field-form',
  'rc-field-form/lib/FieldContext',
  'rc-segmented',
  'rc-util',
  'rc-util/lib/hooks/useId',
  'rc-util/lib/hooks/useLayoutEffect',
  'rc-util/lib/warning',
  'rc-util/lib/ref',
  'rc-util/lib/raf',
  'rc-util/lib/React/render',
  'rc-util/lib/Dom/findDOMNode',
  'rc-util/lib/Children/toArray',
  'staged-components',
  'react-is',
  'use-sync-external-store/shim',
];

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      name: 'web',
      environment: 'jsdom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['./src/test/setup.ts'],
      css: { modules: { classNameStrategy: 'non-scoped' } },
      deps: {
        optimizer: {
          client: {
            enabled: true,
            include: [
              'react',
              'react-dom',
              'react-dom/client',
              'react/jsx-runtime',
              'react/jsx-dev-runtime',
              'react-router',
              '@tanstack/react-query',
              'zustand',
              'zustand/middleware',
              '@testing-library/react',
              ...antdDependencies,
            ],
          },
        },
      },
    },
  }),
);
