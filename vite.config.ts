import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [
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
    alias: {
      '@shared': fileURLToPath(new URL('./src/shared', import.meta.url)),
      '@client': fileURLToPath(new URL('./src/client', import.meta.url)),
    },
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
        boot: fileURLToPath(new URL('./src/client/boot.ts', import.meta.url)),
      },
    },
  },
  server: {
    port: Number(process.env.PORT ?? 3000),
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
});
