// Which element of the app's first render is one the visitor used on the prerendered page
// (handoff.ts): the one at the same place under #root, checked against what it is (tag, type, name,
// role, a button's or link's text).

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

export interface Mark {
  path: Path | null;
  identity: string;
}

export function mark(element: Element, container: Element): Mark {
  return { path: pathOf(element, container), identity: identity(element) };
}

/**
 * The app's element for a marked one: the one at the same place if it is the same kind of control,
 * else the only one in the container that is (the app may show a part the built page did not).
 */
export function find(container: Element, marked: Mark): Element | null {
  const there = marked.path && atPath(container, marked.path);
  if (there && identity(there) === marked.identity) return there;
  const tag = marked.identity.split('\u0000')[0];
  const same = [...container.querySelectorAll(tag)].filter(
    (element) => identity(element) === marked.identity,
  );
  return same.length === 1 ? same[0] : null;
}
