// Part of `npm run build`, after `vite build` (src/client/render/README.md): renders the manifest's
// prerendered pages (src/shared/pages.ts) to HTML. A Vite SSR build of
// src/client/render/prerender-entry.tsx renders each page; its markup goes into the
// built shell (dist/client/index.html, which stays the member app's shell) and is written to
// dist/pages/<name>.html, which the server sends for that address. Each page loads only what it
// needs: the landing, 404 and invite pages no script at all; pricing, sign-in and sign-up only
// boot.ts, which loads the app on the visitor's first intent, plus a `-eager` twin that loads it at
// once with its chunks preloaded. No inline script is added (the CSP forbids it) and no data either.
// Every page is written once per locale (decision 0120): dist/pages/<name>.html in English,
// <name>.<locale>.html in the others, each with its <html lang> and, where the app loads at once, its
// catalogue's chunk preloaded.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('..', import.meta.url));
const clientDir = path.join(root, 'dist/client');
const ssrDir = path.join(root, 'dist/prerender');
const memberSsrDir = path.join(root, 'dist/ssr');
const pagesDir = path.join(root, 'dist/pages');
const manifestPath = path.join(clientDir, '.vite/manifest.json');

if (!existsSync(manifestPath)) {
  console.error('prerender: run `vite build` first (dist/client/.vite/manifest.json is missing).');
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const shell = readFileSync(path.join(clientDir, 'index.html'), 'utf8');

/**
 * A Vite SSR build of `entry` (under src/client) into `outDir`, with its own small config, not
 * vite.config.ts: the browser build's plugins (PWA, CSS) have no part here. `extra`: more settings.
 */
const ssrBuild = (entry, outDir, extra = {}) =>
  build({
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
    ...extra,
    build: {
      ssr: path.join(root, 'src/client', entry),
      outDir,
      emptyOutDir: true,
      sourcemap: false,
      manifest: false,
      copyPublicDir: false,
    },
  });

// The public pages' renderer, used here and removed at the end.
await ssrBuild('render/prerender-entry.tsx', ssrDir);
// The renderer of the `server` pages, kept: the server loads dist/ssr/server-entry.js and renders
// them with each member's data (src/server/render/member-screens.ts). One file with everything in
// it, React's production build included: it runs in the server's process whatever NODE_ENV that has,
// and resolves nothing from node_modules at run time.
await ssrBuild('render/server-entry.tsx', memberSsrDir, {
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
});

const {
  LOCALES,
  localizedPageFile,
  pages,
  render,
  renderMemberShellPlaceholder,
  INVITE_PAGE_INVITER,
  INVITE_PAGE_TOKEN,
  LEGAL_TEXT_PLACEHOLDER,
  MEMBER_SCREEN_TITLE,
  MEMBER_SCREEN_MARKUP,
  MEMBER_SCREEN_DATA,
  PAGES,
  pageChain,
} = await import(pathToFileURL(path.join(ssrDir, 'prerender-entry.js')).href);

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

// The two entries (vite.config.ts): the member app's shell, whose script (index-*.js) only imports
// the app (main.tsx's chunk), and render/boot.ts, the small script of the pages that load the app later.
const entryKey = 'index.html';
const bootKey = 'render/boot.ts';
if (!manifest[entryKey]?.isEntry || !manifest[bootKey]?.isEntry) {
  throw new Error('prerender: the build has no index.html or boot.ts entry (vite.config.ts)');
}
const entryFiles = chunkFiles(entryKey);
const bootFiles = chunkFiles(bootKey);
const bootFile = manifest[bootKey].file;
/** The app itself, as boot.ts imports it: main.tsx's chunk and its imports, not the shell's wrapper. */
const appFiles = [...entryFiles].filter((file) => file !== manifest[entryKey].file);

/** The chunk of a locale's catalogue (render/page-locale.ts imports it); none for English, which
 * the app carries. */
function catalogueFiles(locale) {
  const key = Object.keys(manifest).find((k) =>
    manifest[k].src?.endsWith(`locales/${locale}.json`),
  );
  if (!key && locale !== 'en')
    throw new Error(`prerender: the build has no chunk for ${locale}.json`);
  return key ? [...chunkFiles(key)] : [];
}

/** The shell in `locale`: its <html lang> said, no longer the device's to choose (main.tsx). */
const DEVICE_LANG = '<html lang="en" data-lang="device">';
if (!shell.includes(DEVICE_LANG)) throw new Error(`prerender: the shell lacks ${DEVICE_LANG}`);
const shellIn = (html, locale) => html.replace(DEVICE_LANG, `<html lang="${locale}">`);

const preload = (files) =>
  [...files].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);

/** The shell without any script or module preload. */
function withoutScripts(html) {
  return html
    .replace(/\s*<script type="module"[^>]*><\/script>/g, '')
    .replace(/\s*<link rel="modulepreload"[^>]*>/g, '');
}

/** The shell with boot.ts as its only script; `extra`: more chunks to preload. */
function withBoot(html, extra = []) {
  const links = preload(new Set([...[...bootFiles].filter((file) => file !== bootFile), ...extra]));
  const tags = [`<script type="module" crossorigin src="/${bootFile}"></script>`, ...links];
  return withoutScripts(html).replace('</head>', `  ${tags.join('\n    ')}\n  </head>`);
}

function writePage(name, out, locale) {
  // A form sent by the browser itself (the app not loaded yet, or never) must not put what was typed,
  // a password say, into the address: every prerendered form posts.
  for (const form of out.match(/<form\b[^>]*>/g) ?? [])
    if (!/\smethod="post"/.test(form))
      throw new Error(`prerender: ${name} has a form without method="post"`);
  writeFileSync(path.join(pagesDir, localizedPageFile(name, locale)), out);
}

// Pages of an earlier build go: each build writes all of its own.
rmSync(pagesDir, { recursive: true, force: true });
mkdirSync(pagesDir, { recursive: true });
for (const locale of LOCALES)
  for (const page of pages) {
    const { html, title } = render(page, locale);
    const catalogue = catalogueFiles(locale);
    let out = shellIn(shell, locale);
    if (font) {
      out = out.replace(
        /(<link rel="stylesheet")/,
        `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">\n    $1`,
      );
    }
    if (title) out = out.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
    const filled = (template, load) => {
      const attributes = `data-prerendered="${page.name}"${load === 'eager' ? ' data-load="eager"' : ''}`;
      const withRoot = template.replace(
        '<div id="root"></div>',
        `<div id="root" ${attributes}>${html}</div>`,
      );
      if (withRoot === template)
        throw new Error('prerender: <div id="root"></div> not found in the shell');
      return withRoot;
    };
    // Its own screen's chunks, for the pages that load the app at once.
    const screenFiles = [...chunkFiles(page.module)].filter((file) => !entryFiles.has(file));
    if (page.load === 'none') {
      // Only links and text: no script, no preloads of any.
      writePage(page.name, filled(withoutScripts(out), 'none'), locale);
    } else if (page.load === 'intent') {
      // boot.ts alone; the app when the visitor first presses, types, focuses or touches.
      writePage(page.name, filled(withBoot(out), 'intent'), locale);
      // The same page loading the app at once, its chunks preloaded (an address with a query string,
      // a visitor with a session cookie: static-client.ts).
      writePage(
        `${page.name}-eager`,
        filled(withBoot(out, [...appFiles, ...screenFiles, ...catalogue]), 'eager'),
        locale,
      );
    } else {
      writePage(
        page.name,
        filled(withBoot(out, [...appFiles, ...screenFiles, ...catalogue]), 'eager'),
        locale,
      );
    }
    console.log(
      `prerendered ${page.url} → dist/pages/${localizedPageFile(page.name, locale)}${page.load === 'intent' ? ` and ${localizedPageFile(`${page.name}-eager`, locale)}` : ''} (script: ${page.load})`,
    );
  }

// The legal pages' templates: the operator's text replaces exactly one placeholder paragraph
// (src/server/render/legal-pages.ts).
for (const locale of LOCALES)
  for (const name of ['terms', 'privacy', 'health-disclaimer']) {
    const file = localizedPageFile(`${name}-custom`, locale);
    const template = readFileSync(path.join(pagesDir, file), 'utf8');
    if (template.split(`<p>${LEGAL_TEXT_PLACEHOLDER}</p>`).length !== 2)
      throw new Error(`prerender: ${file} is not as src/server/render/legal-pages.ts expects`);
  }

// The invite page's placeholders (filled in by the server, src/server/render/invite-page.ts): the
// token only in the link to /pricing and in the language menu's way back to this page, the name in
// text; the invalid page names nobody, and its menu's way back holds the token's placeholder once,
// which the server fills with the address asked for (or Home: fillInvalidInvitePage).
const count = (text, part) => text.split(part).length - 1;
for (const locale of LOCALES) {
  const valid = readFileSync(
    path.join(pagesDir, localizedPageFile('invite-valid', locale)),
    'utf8',
  );
  const invalid = readFileSync(
    path.join(pagesDir, localizedPageFile('invite-invalid', locale)),
    'utf8',
  );
  if (
    count(valid, INVITE_PAGE_TOKEN) !== 2 ||
    !valid.includes(`href="/pricing?invite=${INVITE_PAGE_TOKEN}"`) ||
    !valid.includes(`name="back" value="/invite/${INVITE_PAGE_TOKEN}"`) ||
    count(valid, INVITE_PAGE_INVITER) === 0 ||
    count(invalid, INVITE_PAGE_TOKEN) !== 1 ||
    !invalid.includes(`name="back" value="/invite/${INVITE_PAGE_TOKEN}"`) ||
    count(invalid, INVITE_PAGE_INVITER) !== 0 ||
    /<script|modulepreload/.test(valid + invalid)
  )
    throw new Error(
      `prerender: the ${locale} invite pages are not as src/server/render/invite-page.ts expects`,
    );
}

// The member app's shell, once per screen that members open most, with that screen's chunks and the
// font preloaded: the browser fetches them with the entry instead of after it has run. The screens
// hold member data, so they are not prerendered; dist/client/index.html stays the plain shell.
// One per layout (the page for any address under it) and per `server` page (when the server does not
// render it: no session, too busy), named as the entry.
const shells = PAGES.filter((entry) => entry.layout || entry.kind === 'server').map((entry) => ({
  name: entry.name,
  modules: pageChain(entry).map((around) => `app/routes/${around.module}.tsx`),
  lazy: entry.preload ?? [],
}));
for (const { name, modules, lazy } of shells)
  for (const key of [...modules, ...lazy])
    if (!manifest[key]) throw new Error(`prerender: ${name}'s ${key} is not in the build`);
// The stylesheet and the font are asked for before the scripts: the placeholder needs only them.
// (Asking for the scripts at low priority as well made the first paint earlier in Lighthouse, but
// its blocking time then counts the start-up's evaluation too: the score went down, decision 0029.)
const stylesheet = shell.match(/\s*<link rel="stylesheet"[^>]*>/)?.[0];
if (!stylesheet) throw new Error('prerender: the shell has no stylesheet');
const memberShell = shell
  .replace(stylesheet, '')
  .replace(
    /(<title>[^<]*<\/title>)/,
    `$1${stylesheet}${font ? `\n    <link rel="preload" as="font" type="font/woff2" crossorigin href="/${font}">` : ''}`,
  );
for (const locale of LOCALES) {
  const memberPlaceholder = renderMemberShellPlaceholder(locale);
  for (const { name, modules, lazy = [] } of shells) {
    const files = new Set(modules.flatMap((key) => [...chunkFiles(key)]));
    // Chunks the screen imports when it shows them (home's check-in form): fetched and compiled
    // with the rest, evaluated only if needed.
    for (const key of lazy) for (const file of chunkFiles(key)) files.add(file);
    for (const file of catalogueFiles(locale)) files.add(file);
    const links = [...files]
      .filter((file) => !entryFiles.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`);
    const file = localizedPageFile(name, locale);
    writeFileSync(
      path.join(pagesDir, file),
      shellIn(memberShell, locale)
        .replace('</head>', `  ${links.join('\n    ')}\n  </head>`)
        .replace('<div id="root"></div>', `<div id="root">${memberPlaceholder}</div>`),
    );
    console.log(`member shell ${name} → dist/pages/${file} (${files.size} chunks preloaded)`);
  }
}

// The page the server renders a member screen into (decision 0031, src/server/render/static-client.ts):
// the member shell with boot.ts as its only script, so the app loads on the member's first intent,
// with the placeholders the server replaces: the title, the screen's markup and its answers.
const servedTemplate = withBoot(memberShell)
  .replace(/<title>[^<]*<\/title>/, `<title>${MEMBER_SCREEN_TITLE}</title>`)
  .replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="member" data-load="intent">${MEMBER_SCREEN_MARKUP}</div>${MEMBER_SCREEN_DATA}`,
  );
for (const part of [MEMBER_SCREEN_TITLE, MEMBER_SCREEN_MARKUP, MEMBER_SCREEN_DATA])
  if (servedTemplate.split(part).length !== 2)
    throw new Error(`prerender: the member screen template lacks ${part}`);
for (const locale of LOCALES) {
  const file = localizedPageFile('app-served', locale);
  writeFileSync(path.join(pagesDir, file), shellIn(servedTemplate, locale));
  console.log(`member screen template → dist/pages/${file} (script: intent)`);
}

rmSync(ssrDir, { recursive: true, force: true });
// The rendered modules leave timers behind (the query cache's garbage collection): end here.
process.exit(0);
