// The clicks, submits and Enter presses boot.ts held back while the app loaded, replayed once on the
// app's elements after it took over the prerendered page (handoff.ts).
import type { HeldAction } from './handoff';
import { find, type Mark } from './handoff-marks';

/** A held action, marked on the built page so its element can be found in the app's. */
export type ReplayedAction = Mark & { kind: HeldAction['kind']; submitter: Mark | null };

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
export function replay(container: Element, actions: ReplayedAction[]) {
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
