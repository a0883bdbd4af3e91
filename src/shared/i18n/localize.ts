// msg as a facade over the catalogues (decision 0116): messages.ts declares each message's shape
// (`text`, a function returning its placeholders' values, a list, or a function composing other
// messages) and localize() turns the declaration into the object call sites read, with the ids
// taken from the key paths ('admin.title'). Reading `msg.x` or calling `msg.f(a)` formats the
// message in the current locale at that moment, so the same msg serves every request.

import { richParts, t, type RichTags, type Values } from './translate';
import { catalogueTextIds, withCatalogueTexts, type WithCatalogueTexts } from './catalogue-texts';

const TEXT = Symbol('text');
const LIST = Symbol('list');
const COMPOSED = Symbol('composed');
const RICH = Symbol('rich');

export interface TextMessage {
  readonly [TEXT]: Values | undefined;
}
export interface ListMessage {
  readonly [LIST]: number;
}
export interface ComposedMessage<F> {
  readonly [COMPOSED]: F;
}
export interface RichMessage<Tag extends string, A extends unknown[]> {
  readonly [RICH]: { tags: readonly Tag[]; values: ((...args: A) => Values) | undefined };
}

/**
 * A rich message's sentence, ready to be told what its tags are: each tag name maps to a function
 * that wraps the tag's content (strings and whatever the other tags made) into one T. The client's
 * <RichText> (src/client/i18n/rich-text.tsx) is its one reader: T is a React node there.
 */
export type RichText<Tag extends string> = <T>(tags: RichTags<Tag, T>) => Array<string | T>;

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
/**
 * A sentence that wraps markup or values as tags, `"Open <b>Shortcuts</b>"` or `"I accept the
 * <terms>terms</terms>"`, so each language places them in its own word order: `rich(['b'])` is a
 * RichText, `rich(['link'], (n: number) => ({ n }))` a function returning one. The catalogue
 * check holds every locale to exactly the tags declared here.
 */
export function rich<const Tag extends string>(tags: readonly Tag[]): RichMessage<Tag, []>;
export function rich<const Tag extends string, A extends unknown[]>(
  tags: readonly Tag[],
  values: (...args: A) => Values,
): RichMessage<Tag, A>;
export function rich<const Tag extends string, A extends unknown[]>(
  tags: readonly Tag[],
  values?: (...args: A) => Values,
): RichMessage<Tag, A> {
  return { [RICH]: { tags, values } };
}

export type Localized<T> = T extends TextMessage
  ? string
  : T extends ListMessage
    ? readonly string[]
    : T extends ComposedMessage<infer F>
      ? F
      : T extends RichMessage<infer Tag, infer A>
        ? A extends []
          ? RichText<Tag>
          : (...args: A) => RichText<Tag>
        : T extends (...args: infer A) => Values
          ? (...args: A) => string
          : { readonly [K in keyof T]: Localized<T[K]> };

const ids: string[] = [];
const richTags = new Map<string, readonly string[]>();

/** Every id a localize() call declared: the catalogue check compares them with en.json's. */
export function declaredIds(): readonly string[] {
  return ids;
}

/** The tags of every rich message, by id (any other message has none). */
export function declaredTags(): ReadonlyMap<string, readonly string[]> {
  return richTags;
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
      Object.defineProperty(out, key, { enumerable: true, get: () => t(id, values) });
    } else if (LIST in value) {
      const itemIds = Array.from({ length: (value as ListMessage)[LIST] }, (_, i) => `${id}.${i}`);
      ids.push(...itemIds);
      Object.defineProperty(out, key, {
        enumerable: true,
        get: () => itemIds.map((itemId) => t(itemId)),
      });
    } else if (RICH in value) {
      ids.push(id);
      const { tags, values } = (value as RichMessage<string, unknown[]>)[RICH];
      richTags.set(id, tags);
      const richText =
        (given: Values | undefined): RichText<string> =>
        (formatters) =>
          richParts(id, given, formatters);
      if (values) out[key] = (...args: unknown[]) => richText(values(...args));
      else out[key] = richText(undefined);
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
