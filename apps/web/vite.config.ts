import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import {
  inlineIcon,
  landingPageChunks,
  precompress,
  preloadAppStart,
  readPageModules,
  startChunk,
} from './build-plugins.ts';
import { PATH } from './src/shared/routes/paths.ts';

const api = 'http://127.0.0.1:3000';
const src = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The pages visitors open first, from links: each is one chunk (build-plugins.ts landingPageChunks). */
const LANDING_PAGES = {
  'activity-page': src('./src/features/content/pages/activity-page.tsx'),
  'login-page': src('./src/features/auth/pages/login-page.tsx'),
};

export default defineConfig({
  plugins: [
    react(),
    preloadAppStart('src/app/start.tsx', {
      paths: PATH,
      modules: readPageModules(src('./src/app/page-modules.ts'), src('./src')),
    }),
    inlineIcon(src('./public'), 'favicon.svg'),
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
            // The app's start (the shell, router, API client, session, styles) and the shared code the
            // landing pages run beside it (balance, icons, toasts, game tiles), in one chunk and one
            // stylesheet (build-plugins.ts startChunk). Shared code of other pages stays with them.
            {
              name: startChunk('start-shared', {
                start: src('./src/app/start.tsx'),
                entry: src('./src/main.tsx'),
                landingPages: Object.values(LANDING_PAGES),
                alsoShared:
                  /src[\\/]shared[\\/](api|routes|session|navigation|games)[\\/]|src[\\/]shared[\\/](lib[\\/](money|idempotency|clipboard|page-idle)|wallet[\\/]get-balance|i18n[\\/]zh-cn|ui[\\/](icons|feedback|lazy-image|game-tile|vip-badge|spinner))(\.module\.css|\.tsx?)$|contract[\\/]src[\\/](messages|envelope|money|vip)\.ts$|node_modules[\\/](classnames|zustand)[\\/]|antd-mobile[\\/]es[\\/]utils[\\/](with-default-props|native-props)|ahooks[\\/]es[\\/]utils[\\/]index|features[\\/]home[\\/]api[\\/]get-visit-url/,
              }),
              debugName: 'start-shared',
              // What the entry runs itself (early-answers.ts, session-key.ts, the preload helper) stays in
              // the entry's chunk: the entry would wait for this chunk and React.
              includeDependenciesRecursively: false,
            },
            // /activity and /login, which visitors open from links: each page with everything it
            // imports beyond the app's start, in one chunk (build-plugins.ts landingPageChunks).
            {
              name: landingPageChunks(LANDING_PAGES, [src('./src/main.tsx'), src('./src/app/start.tsx')]),
              debugName: 'landing-pages',
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
