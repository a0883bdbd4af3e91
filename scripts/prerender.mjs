// Part of `npm run build`, after `vite build` (decision 0022): renders the public pages to HTML.
// A Vite SSR build of src/client/entry-prerender.tsx renders each page; its markup goes into the
// built shell (dist/client/index.html, which stays the member app's shell) and is written to
// dist/pages/<name>.html, which the server sends for that address. Each page loads only what it
// needs: the landing and 404 pages no script at all, the others the app entry plus, preloaded, the
// chunks of their own screen. No inline script is added (the CSP forbids it) and no data either.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'dist/client');
const ssrDir = path.join(root, 'dist/prerender');
const pagesDir = path.join(root, 'dist/pages');
const manifestPath = path.join(clientDir, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.error('prerender: run `vite build` first (dist/client/.vite/manifest.json is missing).');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');

// Its own small config, not vite.config.ts: the browser build's plugins (PWA, CSS) have no part here.
await build({
  configFile: false,
  root: path.join(root, 'src/client'),
  logLevel: 'warn',
  plugins: [react()],
  resolve: {
    alias: {
      '@shared': path.join(root, 'src/shared'),
      '@client': path.join(root, 'src/client'),
    },
  },
  build: {
    ssr: path.join(root, 'src/client/entry-prerender.tsx'),
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
    copyPublicDir: false,
  },
});

const { pages, render } = await import(pathToFileURL(path.join(ssrDir, 'entry-prerender.js')).href);

/** A chunk and every chunk it imports statically, as built file names. */
function chunkFiles(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) chunkFiles(imported, seen);
  return seen;
}

const escapeHtml = (text) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const font = Object.values(manifest)
  .flatMap((chunk) => chunk.assets ?? [])
  .find((file) => /inter-latin-wght-normal-[\w-]+\.woff2$/.test(file));

mkdirSync(pagesDir, { recursive: true });
for (const page of pages) {
  const { html, title } = render(page);
  let out = shell;
  if (page.static) {
    // Only links and text: no script, no preloads of any.
    out = out
      .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
  } else {
    const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
    const already = chunkFiles(entry);
    const preloads = [...chunkFiles(page.module)]
      .filter((file) => !already.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('\n    ');
    if (preloads) out = out.replace('</head>', `  ${preloads}\n  </head>`);
  }
  if (font) {
    out = out.replace(
      /(<link rel="stylesheet")/,
      `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">\n    $1`,
    );
  }
  if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  const withRoot = out.replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${page.name}">${html}</div>`,
  );
  if (withRoot === out) throw new Error('prerender: <div id="root"></div> not found in the shell');
  writeFileSync(path.join(pagesDir, `${page.name}.html`), withRoot);
  console.log(`prerendered ${page.url} → dist/pages/${page.name}.html`);
}

// The member app's shell, once per screen that members open most, with that screen's chunks and the
// font preloaded: the browser fetches them with the entry instead of after it has run. The screens
// hold member data, so they are not prerendered; dist/client/index.html stays the plain shell.
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const inEntry = chunkFiles(entryKey);
const layout = 'app/routes/app/layout.tsx';
const shells = [
  { name: 'app', modules: [layout] },
  { name: 'app-home', modules: [layout, 'app/routes/app/home.tsx'] },
  { name: 'app-feed', modules: [layout, 'app/routes/app/feed.tsx'] },
  { name: 'app-cycle', modules: [layout, 'app/routes/app/cycle.tsx'] },
];
for (const { name, modules } of shells) {
  const files = new Set(modules.flatMap((key) => [...chunkFiles(key)]));
  const links = [...files]
    .filter((file) => !inEntry.has(file))
    .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
  if (font)
    links.unshift(`<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">`);
  writeFileSync(
    path.join(pagesDir, `${name}.html`),
    shell.replace('</head>', `  ${links.join('\n    ')}\n  </head>`),
  );
  console.log(`member shell ${name} → dist/pages/${name}.html (${files.size} chunks preloaded)`);
}

rmSync(ssrDir, { recursive: true, force: true });
// The rendered modules leave timers behind (the query cache's garbage collection): end here.
process.exit(0);
