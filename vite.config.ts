import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { noParserAlias, precompiledCatalogues } from './scripts/vite-catalogues';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
    // The catalogues as ASTs: nothing parses ICU messages in the browser (decision 0116).
    precompiledCatalogues(),
    react(),
    tailwindcss(),
    // The installable app and the one service worker (decisions 0020, 0023): src/client/sw.ts keeps
    // the push handlers and gains the precache of the app shell; it is served at /sw.js.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'StackDays',
        short_name: 'StackDays',
        description:
          'Show up. Stack days. Become unstoppable. A 90-day fitness and habit programme.',
        id: '/app',
        start_url: '/app',
        scope: '/',
        display: 'standalone',
        orientation: 'portrait',
        theme_color: '#0f172a',
        background_color: '#0f172a',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          {
            src: '/icons/maskable-512.png',
            sizes: '512x512',
            type: 'image/png',
            purpose: 'maskable',
          },
        ],
      },
      injectManifest: {
        rollupFormat: 'iife',
        // The app shell: scripts, styles, the shell page, fonts and icons; never source maps.
        globPatterns: ['index.html', 'assets/**/*.{js,css,woff2}', 'icons/*.png', 'favicon.svg'],
        globIgnores: ['**/*.map'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  resolve: {
    alias: [
      { find: '@shared', replacement: fileURLToPath(new URL('./src/shared', import.meta.url)) },
      { find: '@client', replacement: fileURLToPath(new URL('./src/client', import.meta.url)) },
      noParserAlias,
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist/client', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/prerender.mjs to preload each public page's own chunks (decision 0022).
    // dist/client/index.html stays the member app's shell (the SPA fallback for /app/*); the
    // prerendered public pages are written to dist/pages/, outside the static root.
    manifest: true,
    rolldownOptions: {
      input: {
        // The member app's shell (main.tsx) and the small script of the pages that load the app on
        // the visitor's first intent (boot.ts, decision 0022), which imports main.tsx then.
        index: fileURLToPath(new URL('./src/client/index.html', import.meta.url)),
        boot: fileURLToPath(new URL('./src/client/render/boot.ts', import.meta.url)),
      },
      output: {
        // The member area in a few chunks rather than fifty (decision 0043): on a phone's connection
        // each request costs a round trip, and the member shells preload every chunk of their screen.
        // Groups name folders, never files: a module a screen loads only when the member reaches for
        // it goes in its feature's `lazy/` folder (src/client/render/README.md), and gets a chunk of
        // its own. A feature's `api/` folder is named by no group: each endpoint's file goes where
        // its importers go (a group takes its modules' dependencies), so a call only a lazy form
        // makes stays in that form's chunk (decision 0103).
        codeSplitting: {
          groups: [
            // Vite's helper for import(), used by the router, boot.ts and the screens' lazy dialogs:
            // alone, or the group of the first module that uses it takes it in (groups take their
            // modules' dependencies), and every page then loads that group.
            { name: 'preload-helper', test: /preload-helper/, priority: 60 },
            // The page's report of its vitals and errors (decision 0040), which boot.ts starts on every
            // page, with the page manifest it names screens by: on its own, so the first script pulls
            // in nothing of the app's interface.
            {
              name: 'client-reports',
              test: /src[\\/]client[\\/]lib[\\/]client-reports\.ts$|src[\\/]shared[\\/](client-report|pages)\.ts$/,
              priority: 58,
            },
            // What a server-rendered member screen runs before the app (render/served-page.ts): the
            // device's stores, the query keys, the worker's registration and the route modules' map
            // (render/screens.ts); the app uses them too.
            {
              name: 'device',
              test: /node_modules[\\/]idb-keyval[\\/]|src[\\/]client[\\/](lib[\\/](device-stores|query-keys|service-worker|when-idle)|render[\\/](served-(state|page)|screens))\.ts$/,
              priority: 55,
            },
            // What every app page runs first: React, the router, TanStack Query, the toasts.
            {
              name: 'framework',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/][\w-]+|sonner)[\\/]/,
              priority: 50,
            },
            // zod's core with zod-jitless.ts, which main.tsx imports first: the setting must be made
            // before any schema is built (the CSP forbids zod's eval probe), so no schema is here.
            {
              name: 'zod',
              test: /node_modules[\\/]zod[\\/]v4[\\/]core[\\/]core\.js$|src[\\/]client[\\/]zod-jitless\.ts$/,
              priority: 45,
            },
            // The shared interface: Radix, icons, class names, dates, the UI primitives, the media
            // gallery (the check-in's, the feed's and the review's), the API client, the shared rules
            // and words.
            {
              name: 'ui',
              test: (id) =>
                /node_modules[\\/](radix-ui|@radix-ui[\\/][\w-]+|lucide-react|tailwind-merge|clsx|class-variance-authority|date-fns|idb-keyval)[\\/]|src[\\/]client[\\/](components[\\/](ui|layout|brand|media-gallery)|lib)[\\/]|src[\\/]shared[\\/]/.test(
                  id,
                ) && !/markdown\.tsx$|schemas\.ts$/.test(id),
              priority: 40,
            },
            // Forms: the rest of zod, react-hook-form and the shared schemas.
            {
              name: 'forms',
              test: /node_modules[\\/](zod|react-hook-form|@hookform[\\/][\w-]+)[\\/]|src[\\/]shared[\\/]domain[\\/](profile-)?schemas\.ts$/,
              priority: 30,
            },
            // The markdown parser and renderer (member-written journals, posts, updates), with our
            // component around it: only the screens that show markdown load it (not My Cycle).
            {
              name: 'markdown',
              test: /node_modules[\\/](react-markdown|remark-gfm)[\\/]|src[\\/]client[\\/]components[\\/]ui[\\/]markdown\.tsx$/,
              priority: 30,
            },
            // The offline start-up (app/offline.ts: the snapshot, the queue and its sender), which
            // every page of the app runs: on its own, so that it brings no member screen with it.
            {
              name: 'offline',
              test: /src[\\/]client[\\/](app[\\/]offline\.ts$|features[\\/]checkin[\\/]offline[\\/])/,
              priority: 15,
            },
            // The member screens, one chunk per feature, so that a screen evaluates only its own:
            // My Cycle none of the feed's or the check-in's code, nor markdown, nor the forms.
            // Each names the folders its screens render from; `lazy/` (the comments, report,
            // audience and add-update dialogs, the check-in form) and `api/` are not named, so a
            // lazy form and the calls only it makes get chunks of their own.
            {
              name: 'member-feed',
              test: /src[\\/]client[\\/]features[\\/]feed[\\/](components|lib)[\\/]/,
              priority: 10,
            },
            {
              name: 'member-checkin',
              test: /src[\\/]client[\\/]features[\\/]checkin[\\/](components|hooks|lib)[\\/]/,
              priority: 10,
            },
            {
              name: 'member-cycle',
              test: /src[\\/]client[\\/]features[\\/]cycle[\\/]components[\\/]/,
              priority: 10,
            },
          ],
        },
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
