// The app taking over a prerendered page that src/client/boot.ts kept usable while the app loaded
// (decision 0022). What the visitor did on the built markup carries over to the app's first render,
// which is the same markup: the values typed, the focus and the caret, and the clicks on buttons and
// the submits that boot.ts held back, replayed once. Elements are matched by their place under
// #root, checked against what they are (tag, type, name, a button's text): handoff-marks.ts; the
// held actions are replayed by handoff-replay.ts.
import { find, mark, type Mark } from './handoff-marks';
import { replay, type ReplayedAction } from './handoff-replay';

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
  actions: ReplayedAction[];
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
