// msg as a facade over the catalogues (decision 0116): messages.ts declares each message's shape
// (`text`, a function returning its placeholders' values, a list, or a function composing other
// messages) and localize() turns the declaration into the object call sites read, with the ids
// taken from the key paths ('admin.title'). Reading `msg.x` or calling `msg.f(a)` formats the
// message in the current locale at that moment, so the same msg serves every request.

import { t, type Values } from './translate';
import { catalogueTextIds, withCatalogueTexts, type WithCatalogueTexts } from './catalogue-texts';

const TEXT = Symbol('text');
const LIST = Symbol('list');
const COMPOSED = Symbol('composed');

export interface TextMessage {
  readonly [TEXT]: Values | undefined;
}
export interface ListMessage {
  readonly [LIST]: number;
}
export interface ComposedMessage<F> {
  readonly [COMPOSED]: F;
}

/** A message without arguments: `msg.x` is its text. */
export const text: TextMessage = { [TEXT]: undefined };
/** A message without arguments whose placeholders are constants: `textWith({ limit: 10 })`. */
export const textWith = (values: Values): TextMessage => ({ [TEXT]: values });
/** A list of `length` messages (ids `x.0`, `x.1`, ...): `msg.x` is the array of their texts. */
export const list = (length: number): ListMessage => ({ [LIST]: length });
/** A function that only chooses between or joins other messages: no id of its own. */
export const composed = <F extends (...args: never[]) => string>(fn: F): ComposedMessage<F> => ({
  [COMPOSED]: fn,
});

export type Localized<T> = T extends TextMessage
  ? string
  : T extends ListMessage
    ? readonly string[]
    : T extends ComposedMessage<infer F>
      ? F
      : T extends (...args: infer A) => Values
        ? (...args: A) => string
        : { readonly [K in keyof T]: Localized<T[K]> };

const ids: string[] = [];

/** Every id a localize() call declared: the catalogue check compares them with en.json's. */
export function declaredIds(): readonly string[] {
  return ids;
}

function build(node: object, prefix: string): object {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    const id = prefix + key;
    if (typeof value === 'function') {
      ids.push(id);
      const values = value as (...args: unknown[]) => Values;
      out[key] = (...args: unknown[]) => t(id, values(...args));
    } else if (TEXT in value) {
      ids.push(id);
      const values = (value as TextMessage)[TEXT];
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => t(id, values),
      });
    } else if (LIST in value) {
      const itemIds = Array.from({ length: (value as ListMessage)[LIST] }, (_, i) => `${id}.${i}`);
      ids.push(...itemIds);
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => itemIds.map((itemId) => t(itemId)),
      });
    } else if (COMPOSED in value) {
      out[key] = (value as ComposedMessage<unknown>)[COMPOSED];
    } else {
      out[key] = build(value as object, `${id}.`);
    }
  }
  return Object.freeze(out);
}

/** msg: the declaration's messages, plus English's plain texts it does not declare (0130). */
export function localize<T extends object>(declaration: T): WithCatalogueTexts<Localized<T>> {
  const localized = withCatalogueTexts(build(declaration, '') as Localized<T>, ids);
  ids.push(...catalogueTextIds()); // declared by the catalogue: check-catalogue-texts.ts checks them
  return localized;
}
