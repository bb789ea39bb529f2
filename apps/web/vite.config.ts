import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { proxy: { '/api': api, '/pay': api } },
  preview: { proxy: { '/api': api, '/pay': api } },
  build: {
    target: 'es2022',
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the players' cached libraries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            // The shared modules the first page needs, in one chunk: left alone, the bundler cuts
            // them into many small chunks by which lazy pages also use them, and each costs
            // compression and import overhead on the home page's first load (1.8 KB gzip measured).
            // A shared module used only by lazy pages must stay out of this list.
            {
              name: 'shell',
              test: /(src[\\/]shared[\\/](api[\\/](client|api-error|query-client|contract)|session[\\/]|navigation[\\/]|routes[\\/](paths|route-meta|access|use-route-meta)|i18n[\\/]zh-cn\.ts|lib[\\/](money|clipboard|idempotency)|ui[\\/](icons|feedback|vip-badge)|wallet[\\/](get-balance|recover-all|refresh-user-money|balance-amount))|contract[\\/]src[\\/](constants|envelope|messages|money|vip)\.ts)/,
            },
          ],
        },
      },
    },
  },
});
