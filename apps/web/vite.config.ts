import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress, preloadAppStart, readPageModules } from './build-plugins.ts';
import { PATH } from './src/shared/routes/paths.ts';

const api = 'http://127.0.0.1:3000';
const src = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

export default defineConfig({
  plugins: [
    react(),
    preloadAppStart('src/app/start.tsx', {
      paths: PATH,
      modules: readPageModules(src('./src/app/page-modules.ts'), src('./src')),
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': src('./src') },
  },
  // The server also answers the pictures it draws (/art: banners, activities, sponsors, the app QR
  // code) and the sponsors' pages (/sponsor), all same-origin paths in its answers.
  server: { proxy: { '/api': api, '/pay': api, '/art': api, '/sponsor': api } },
  preview: { proxy: { '/api': api, '/pay': api, '/art': api, '/sponsor': api } },
  build: {
    target: 'es2022',
    // The build writes brotli and gzip copies itself (build-plugins.ts); vite's own gzip report would
    // compress every chunk a second time.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the players' cached libraries.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            // Infinite queries serve the records pages only: left out, they load with those pages.
            {
              name: 'query',
              test: /node_modules[\\/]@tanstack[\\/](?!.*[\\/](useInfiniteQuery|infiniteQueryObserver)\.js$)/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
          ],
        },
      },
    },
  },
});
