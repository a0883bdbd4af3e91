// The only script of the prerendered pricing, sign-in and sign-up pages on a first load (decision
// 0022), and of the member screens the server renders with the member's data (decision 0031). The
// markup paints at once and its links work as they are; this loads the app
// (main.tsx) on the visitor's first intent (a pointer or key press, a focus, a touch), or at once on
// the eager variant of the page (an address with a query string, a visitor with a session cookie).
// Until the app has the page, a click on a button, a form submit and Enter in a field are held back
// and handed to the app (render/handoff.ts), which replays them; what is typed is carried over there.
import type { BootHandoff, HeldAction } from './handoff';
import { startClientReports } from '@client/lib/client-reports';
import { loadPageCatalogue } from './page-locale';

const root = document.getElementById('root');

const INTENTS = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
const BUTTON =
  'button, input[type="submit"], input[type="image"], input[type="button"], [role="button"]';
/** Enter in these is a click, not a submit: the click is what is held. */
const NOT_A_FIELD = /^(submit|image|button|reset|file)$/;
/** How long a press or a composed word may delay the swap without any activity (see check()). */
const PRESS_PATIENCE_MS = 3000;
const COMPOSE_PATIENCE_MS = 10_000;
const MAX_HELD = 20;

const held: HeldAction[] = [];
let holding = true;
let loading = false;

const inPage = (target: EventTarget | null): target is Element =>
  target instanceof Element && root !== null && root.contains(target);
const inLink = (element: Element) => element.closest('a[href]') !== null;

function hold(event: Event, action: HeldAction) {
  event.preventDefault();
  if (held.length < MAX_HELD) held.push(action);
  // Something is on its way (the app, then what was asked): say so where a pointer can.
  document.documentElement.style.cursor = 'progress';
  load();
}

// ---- Held actions -------------------------------------------------------------------------------

function onClick(event: MouseEvent) {
  if (!holding || !inPage(event.target)) return;
  const button = event.target.closest(BUTTON);
  if (button && !inLink(button)) hold(event, { kind: 'click', target: button });
}

function onSubmit(event: SubmitEvent) {
  if (!holding || !(event.target instanceof HTMLFormElement) || !inPage(event.target)) return;
  const submitter = event.submitter instanceof HTMLElement ? event.submitter : null;
  hold(event, { kind: 'submit', target: event.target, submitter });
}

function onEnter(event: KeyboardEvent) {
  const { target } = event;
  if (
    holding &&
    event.key === 'Enter' &&
    !event.isComposing &&
    target instanceof HTMLInputElement &&
    inPage(target) &&
    !NOT_A_FIELD.test(target.type)
  )
    hold(event, { kind: 'enter', target });
}

// ---- Presses in progress (the app waits for them to end before it swaps the markup) -------------

const pointers = new Set<number>();
const keys = new Set<string>();
let composing = false;
/** The last press, key or composition step: how long a press has been going on. */
let lastActivity = 0;
let whenSettled: (() => void) | null = null;
let patience: ReturnType<typeof setTimeout> | undefined;

const busy = () => composing || pointers.size > 0 || keys.size > 0;

function check() {
  if (!whenSettled) return;
  clearTimeout(patience);
  if (busy()) {
    // A release that never comes (outside the window, a lost key-up) stops delaying the app after a
    // while without any activity; a word being composed is given longer.
    const wait = lastActivity + (composing ? COMPOSE_PATIENCE_MS : PRESS_PATIENCE_MS) - Date.now();
    if (wait > 0) {
      patience = setTimeout(check, wait + 10);
      return;
    }
  }
  const resolve = whenSettled;
  whenSettled = null;
  resolve();
}

/** After a release: the click (or key's action) it causes is dispatched first, then we look. */
const checkSoon = () => void setTimeout(check, 0);
const active = () => void (lastActivity = Date.now());

function onPointerDown(event: PointerEvent) {
  pointers.add(event.pointerId);
  active();
}
function onPointerUp(event: PointerEvent) {
  pointers.delete(event.pointerId);
  checkSoon();
}
function onKeyDown(event: KeyboardEvent) {
  keys.add(event.code || event.key);
  active();
  onEnter(event);
}
function onKeyUp(event: KeyboardEvent) {
  keys.delete(event.code || event.key);
  checkSoon();
}
function onCompositionStart() {
  composing = true;
  active();
}
function onCompositionEnd() {
  composing = false;
  checkSoon();
}
function onBlur() {
  // Releases outside the window are never seen.
  pointers.clear();
  keys.clear();
  checkSoon();
}

function settled(): Promise<void> {
  if (!busy()) return Promise.resolve();
  return new Promise((resolve) => {
    whenSettled = resolve;
    check();
  });
}

const LISTENERS: Array<[string, EventListener, EventTarget]> = [
  ['click', onClick as EventListener, document],
  ['submit', onSubmit as EventListener, document],
  ['pointerdown', onPointerDown as EventListener, document],
  ['pointerup', onPointerUp as EventListener, document],
  ['pointercancel', onPointerUp as EventListener, document],
  ['keydown', onKeyDown as EventListener, document],
  ['keyup', onKeyUp as EventListener, document],
  ['compositionstart', onCompositionStart, document],
  ['compositionupdate', active, document],
  ['compositionend', onCompositionEnd, document],
  ['blur', onBlur, window],
];

function release() {
  holding = false;
  clearTimeout(patience);
  document.documentElement.style.removeProperty('cursor');
  for (const [type, listener, target] of LISTENERS)
    target.removeEventListener(type, listener, true);
}

// ---- Loading the app ------------------------------------------------------------------------------

/** A press, key or focus anywhere but on a link (a link leaves the page: no app needed for that). */
function onIntent(event: Event) {
  if (event.target instanceof Element && inLink(event.target)) return;
  load();
}

function listenForIntent(listen: boolean) {
  for (const type of INTENTS) {
    if (listen) document.addEventListener(type, onIntent, { capture: true, passive: true });
    else document.removeEventListener(type, onIntent, { capture: true });
  }
}

function load() {
  if (loading) return;
  loading = true;
  listenForIntent(false);
  // The page's own screen (src/shared/pages.ts), fetched beside the app instead of after it: the
  // app's router then finds it loaded. After zod's CSP setting (the app's first import): a screen's
  // schemas must not be built before it.
  void Promise.all([import('./screens'), import('@client/zod-jitless')])
    .then(([screens]) => screens.loadScreen(location.pathname))
    .catch(() => undefined);
  // The page's catalogue (not English's, which the app carries), fetched beside the app: the app
  // awaits it before its first render (main.tsx).
  void loadPageCatalogue().catch(() => undefined);
  import('@client/main').catch((error: unknown) => {
    console.error('The app could not load.', error);
    failed();
  });
}

/**
 * Offline, or a new version replaced the files: nothing stays held under a progress cursor. The page
 * stays as it is, and the next press, tap or key reloads it (the current build, once reachable).
 */
function failed() {
  held.length = 0;
  document.documentElement.style.removeProperty('cursor');
  const reload = (event: Event) => {
    if (event.target instanceof Element && inLink(event.target)) return;
    event.preventDefault();
    location.reload();
  };
  for (const type of ['click', 'submit', 'keydown'])
    document.addEventListener(type, reload, { capture: true, once: true });
}

startClientReports();
window.__stackdaysBoot = { held, settled, release, failed } satisfies BootHandoff;
for (const [type, listener, target] of LISTENERS) target.addEventListener(type, listener, true);
if (root?.dataset.load === 'eager' || location.search) load();
else listenForIntent(true);
// A member screen the server rendered: what cannot wait for the first intent (render/served-page.ts).
if (root?.dataset.prerendered === 'member')
  void import('./served-page').then((m) => m.startServedPage(load)).catch(() => undefined);
