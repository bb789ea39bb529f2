import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineIcon, precompress, preloadAppStart, serviceWorker } from './build-plugins.ts';
import { firstLoadChunks } from './first-load-chunks.ts';
import { PATH } from './src/shared/routes/paths.ts';

const api = 'http://127.0.0.1:3000';
const src = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/**
 * The app's start, home and the pages visitors open from links (/activity, /login), each in one chunk,
 * as the module graph draws them (first-load-chunks.ts).
 */
const firstLoad = firstLoadChunks({
  pageTable: src('./src/app/page-modules.ts'),
  tableName: 'PAGE_LOADERS',
  firstScreens: ['home', 'activity', 'login'],
});

export default defineConfig({
  plugins: [
    react(),
    firstLoad.plugin,
    preloadAppStart('src/app/start.tsx', { paths: PATH, modules: firstLoad.pages }),
    inlineIcon(src('./public'), 'favicon.svg'),
    serviceWorker(src('./service-worker/sw.js'), src('./public'), {
      startModule: 'src/app/start.tsx',
      manifest: 'manifest.webmanifest',
      // The home screen's size and the offline page's picture.
      icons: ['/icons/icon-192.png', '/icons/icon-144.png'],
    }),
    precompress(),
  ],
  resolve: {
    alias: { '@': src('./src') },
  },
  // The server also answers the pictures it draws (/art: banners, activities, sponsors, the app QR
  // code), the operators' uploaded images (/media) and the sponsors' pages (/sponsor), all
  // same-origin paths in its answers.
  server: { proxy: { '/api': api, '/pay': api, '/art': api, '/sponsor': api, '/media': api } },
  preview: { proxy: { '/api': api, '/pay': api, '/art': api, '/sponsor': api, '/media': api } },
  build: {
    target: 'es2022',
    // The build writes brotli and gzip copies itself (build-plugins.ts); vite's own gzip report would
    // compress every chunk a second time.
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        // Long-lived vendor chunks: an app release does not invalidate the players' cached libraries.
        // React, the router and TanStack Query all run before the first screen: one chunk, one request.
        codeSplitting: {
          groups: [
            {
              name: 'vendor',
              // Infinite queries (the records pages), parallel queries (the help articles) and mutations
              // (a player's actions; a visitor's first screen has none) are left out: they load with the
              // code that uses them.
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]|node_modules[\\/]@tanstack[\\/](?!.*[\\/](useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver|useMutation|mutationObserver)\.js$)/,
            },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
            firstLoad.group,
          ],
        },
      },
    },
  },
});
