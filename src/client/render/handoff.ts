// The app taking over a prerendered page that src/client/boot.ts kept usable while the app loaded
// (decision 0022). What the visitor did on the built markup carries over to the app's first render,
// which is the same markup: the values typed, the focus and the caret, and the clicks on buttons and
// the submits that boot.ts held back, replayed once. Elements are matched by their place under
// #root, checked against what they are (tag, type, name, a button's text).

/** An action boot.ts held back (preventDefault) while the app loaded. */
export type HeldAction =
  | { kind: 'click'; target: Element }
  | { kind: 'submit'; target: HTMLFormElement; submitter: HTMLElement | null }
  /** Enter in a field: a form submits on it, unless the app's own key handler says otherwise. */
  | { kind: 'enter'; target: HTMLInputElement };

/** What boot.ts hands the app: `window.__stackdaysBoot`. */
export interface BootHandoff {
  /** The actions held so far, oldest first. */
  held: HeldAction[];
  /**
   * Resolves at a moment when no pointer or key is down and no text is being composed, so that
   * swapping the markup cuts no click, key press or word in half. The swap must follow in the same
   * task (no await in between).
   */
  settled(): Promise<void>;
  /** The app has the page: boot.ts stops holding anything back. */
  release(): void;
  /**
   * The app could not start (a chunk failed to load: offline, or a new build replaced the files).
   * What was held is dropped and the next press, tap or key reloads the page, which fetches the
   * current build; until then the page stays as it is.
   */
  failed(): void;
}

declare global {
  interface Window {
    __stackdaysBoot?: BootHandoff;
  }
}

type Path = number[];

/** The element's place under the container, as child indexes (elements only); null if outside. */
function pathOf(node: Element, container: Element): Path | null {
  const path: Path = [];
  let element: Element | null = node;
  while (element && element !== container) {
    const parent: Element | null = element.parentElement;
    if (!parent) return null;
    path.unshift(Array.prototype.indexOf.call(parent.children, element));
    element = parent;
  }
  return element === container ? path : null;
}

function atPath(container: Element, path: Path): Element | null {
  let element: Element | undefined = container;
  for (const index of path) {
    element = element.children[index];
    if (!element) return null;
  }
  return element;
}

/** What an element is, for telling whether two of them are the same control. */
function identity(element: Element): string {
  const text = /^(BUTTON|A)$/.test(element.tagName)
    ? (element.textContent ?? '').trim().replace(/\s+/g, ' ')
    : '';
  return [
    element.tagName,
    element.getAttribute('type') ?? '',
    element.getAttribute('name') ?? '',
    element.getAttribute('role') ?? '',
    text,
  ].join('\u0000');
}

interface Mark {
  path: Path | null;
  identity: string;
}

function mark(element: Element, container: Element): Mark {
  return { path: pathOf(element, container), identity: identity(element) };
}

/**
 * The app's element for a marked one: the one at the same place if it is the same kind of control,
 * else the only one in the container that is (the app may show a part the built page did not).
 */
function find(container: Element, marked: Mark): Element | null {
  const there = marked.path && atPath(container, marked.path);
  if (there && identity(there) === marked.identity) return there;
  const tag = marked.identity.split('\u0000')[0];
  const same = [...container.querySelectorAll(tag)].filter(
    (element) => identity(element) === marked.identity,
  );
  return same.length === 1 ? same[0] : null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const NOT_CARRIED = /^(hidden|submit|image|button|reset)$/;

/** A field the visitor changed from what the page was built with, and what it now holds. */
interface ChangedField extends Mark {
  value: string;
  checked: boolean;
  /** The files chosen in a file field (a check-in's photos, decision 0031). */
  files: FileList | null;
}

function changedFields(container: Element): ChangedField[] {
  const changed: ChangedField[] = [];
  for (const field of container.querySelectorAll<Field>('input, textarea, select')) {
    let touched: boolean;
    if (field instanceof HTMLInputElement && field.type === 'file') {
      if (field.files?.length)
        changed.push({ ...mark(field, container), value: '', checked: false, files: field.files });
      continue;
    }
    if (field instanceof HTMLInputElement) {
      if (NOT_CARRIED.test(field.type)) continue;
      touched =
        field.type === 'checkbox' || field.type === 'radio'
          ? field.checked !== field.defaultChecked
          : field.value !== field.defaultValue;
    } else if (field instanceof HTMLTextAreaElement) {
      touched = field.value !== field.defaultValue;
    } else {
      touched = [...field.options].some((option) => option.selected !== option.defaultSelected);
    }
    if (touched)
      changed.push({
        ...mark(field, container),
        value: field.value,
        checked: field instanceof HTMLInputElement && field.checked,
        files: null,
      });
  }
  return changed;
}

interface Caret {
  start: number | null;
  end: number | null;
  direction: 'forward' | 'backward' | 'none' | null;
}

function caretOf(element: Element): Caret | null {
  if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement)) return null;
  try {
    // null for the types that have no caret to read (email, number).
    return {
      start: element.selectionStart,
      end: element.selectionEnd,
      direction: element.selectionDirection,
    };
  } catch {
    return null;
  }
}

/** Everything to carry over, read from the built markup just before the app replaces it. */
interface Snapshot {
  fields: ChangedField[];
  focus: (Mark & { caret: Caret | null }) | null;
  actions: Array<Mark & { kind: HeldAction['kind']; submitter: Mark | null }>;
  scroll: { x: number; y: number };
}

function snapshot(container: Element, held: HeldAction[]): Snapshot {
  const active = document.activeElement;
  const focused = active && active !== container && container.contains(active) ? active : null;
  return {
    fields: changedFields(container),
    focus: focused ? { ...mark(focused, container), caret: caretOf(focused) } : null,
    actions: held.map((action) => ({
      kind: action.kind,
      ...mark(action.target, container),
      submitter:
        action.kind === 'submit' && action.submitter ? mark(action.submitter, container) : null,
    })),
    scroll: { x: window.scrollX, y: window.scrollY },
  };
}

/** Sets a value the way typing does, so React (and react-hook-form) see an input event. */
function setValue(field: Field, value: string) {
  const prototype = Object.getPrototypeOf(field) as object;
  const setter = Object.getOwnPropertyDescriptor(prototype, 'value')?.set;
  if (setter) setter.call(field, value);
  else field.value = value;
  field.dispatchEvent(
    new Event(field instanceof HTMLSelectElement ? 'change' : 'input', { bubbles: true }),
  );
}

function restore(container: Element, before: Snapshot) {
  const focused = before.focus && find(container, before.focus);
  for (const changed of before.fields) {
    const field = find(container, changed);
    if (!(
      field instanceof HTMLInputElement ||
      field instanceof HTMLTextAreaElement ||
      field instanceof HTMLSelectElement
    ))
      continue;
    if (field instanceof HTMLInputElement && field.type === 'file') {
      // The same files, chosen in the app's field: it hears them as the member's choice.
      if (changed.files) {
        field.files = changed.files;
        field.dispatchEvent(new Event('input', { bubbles: true }));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      // A click toggles it and fires what React listens to for checkboxes.
      if (field.checked !== changed.checked) field.click();
    } else if (field.value !== changed.value) {
      setValue(field, changed.value);
    }
    // The visitor left this field already: the app hears it (a coupon box checks its code then).
    if (field !== focused) field.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
  }
  if (focused instanceof HTMLElement) {
    focused.focus({ preventScroll: true });
    const caret = before.focus?.caret;
    if (
      caret?.start != null &&
      caret.end != null &&
      (focused instanceof HTMLInputElement || focused instanceof HTMLTextAreaElement)
    ) {
      try {
        focused.setSelectionRange(caret.start, caret.end, caret.direction ?? undefined);
      } catch {
        // A field type without a caret.
      }
    }
  }
  if (window.scrollX !== before.scroll.x || window.scrollY !== before.scroll.y)
    window.scrollTo(before.scroll.x, before.scroll.y);
}

/** The default button of a form, as implicit submission (Enter in a field) would press it. */
function defaultButton(form: HTMLFormElement): HTMLButtonElement | HTMLInputElement | null {
  for (const element of form.elements) {
    if (element instanceof HTMLButtonElement && element.type === 'submit') return element;
    if (element instanceof HTMLInputElement && /^(submit|image)$/.test(element.type))
      return element;
  }
  return null;
}

/** The form a replayed action would submit, if any. */
function formSubmittedBy(element: Element): HTMLFormElement | null {
  if (element instanceof HTMLFormElement) return element;
  if (
    (element instanceof HTMLButtonElement && element.type === 'submit') ||
    (element instanceof HTMLInputElement && /^(submit|image)$/.test(element.type))
  )
    return element.form;
  if (element instanceof HTMLInputElement) return element.form;
  return null;
}

/**
 * Replays the held actions on the app's elements, in order. A form is submitted at most once, however
 * many times the visitor pressed Enter or the button while waiting, and a button is pressed once.
 */
function replay(container: Element, actions: Snapshot['actions']) {
  const submitted = new Set<EventTarget>();
  // Pressed again while the app loaded (nothing seemed to happen): one press, not a like and an unlike.
  const clicked = new Set<Element>();
  const onSubmit = (event: Event) => {
    if (event.target) submitted.add(event.target);
  };
  container.addEventListener('submit', onSubmit, true);
  try {
    for (const action of actions) {
      const element = find(container, action);
      if (!(element instanceof HTMLElement)) continue;
      const form = formSubmittedBy(element);
      if (form && submitted.has(form)) continue;
      if (action.kind === 'click') {
        if (clicked.has(element)) continue;
        clicked.add(element);
      }
      if (action.kind === 'click' && element.getAttribute('aria-haspopup') === 'menu') {
        // A menu button (Radix) opens on the press itself, not on the click that follows it.
        element.dispatchEvent(
          new PointerEvent('pointerdown', {
            bubbles: true,
            cancelable: true,
            button: 0,
            pointerType: 'mouse',
            isPrimary: true,
          }),
        );
      } else if (action.kind === 'click') {
        element.click();
      } else if (action.kind === 'submit' && element instanceof HTMLFormElement) {
        const submitter = action.submitter && find(container, action.submitter);
        element.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined);
      } else if (action.kind === 'enter') {
        const enter = new KeyboardEvent('keydown', {
          key: 'Enter',
          code: 'Enter',
          keyCode: 13,
          bubbles: true,
          cancelable: true,
        });
        element.dispatchEvent(enter);
        // What the browser would have done with the key: submit through the default button.
        if (!enter.defaultPrevented && form) {
          const button = defaultButton(form);
          if (button) button.click();
          else form.requestSubmit();
        }
      }
    }
  } finally {
    container.removeEventListener('submit', onSubmit, true);
  }
}

/**
 * Files chosen in a file field of the replaced markup after the swap (a file picker that was open
 * while the app took over) go to the app's field, as if chosen there.
 */
function forwardLateFiles(
  container: Element,
  fields: Array<{ field: HTMLInputElement; mark: Mark }>,
) {
  for (const { field, mark: marked } of fields) {
    field.addEventListener(
      'change',
      () => {
        const now = find(container, marked);
        if (!(now instanceof HTMLInputElement) || now.type !== 'file' || !field.files?.length)
          return;
        now.files = field.files;
        now.dispatchEvent(new Event('input', { bubbles: true }));
        now.dispatchEvent(new Event('change', { bubbles: true }));
      },
      { once: true },
    );
  }
}

/**
 * Lets the app take over the prerendered markup in `container`: reads what the visitor did, runs
 * `render` (which must commit synchronously: flushSync), puts the values, focus and caret back,
 * tells boot.ts to stop holding, and replays what it held.
 */
export function takeOver(container: HTMLElement, boot: BootHandoff, render: () => void) {
  const before = snapshot(container, boot.held);
  const fileFields = [...container.querySelectorAll<HTMLInputElement>('input[type="file"]')].map(
    (field) => ({ field, mark: mark(field, container) }),
  );
  render();
  forwardLateFiles(container, fileFields);
  container.removeAttribute('data-prerendered');
  restore(container, before);
  boot.release();
  replay(container, before.actions);
}
