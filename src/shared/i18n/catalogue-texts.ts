// A sentence without placeholders needs no line in messages.ts (decision 0130): every id of
// English's catalogue that msg does not declare is read as plain text at its key path, so
// `"checkinDays.title": "My check-in days"` in en.json is `msg.checkinDays.title`, typed from
// en.json's keys. A message with placeholders, a list, a rich or a composed one still declares its
// shape in messages.ts; `npm run check:messages` fails a catalogue-only id that has placeholders
// or that no source file reads by its whole path (check-catalogue-texts.ts).

import en from '../../locales/en.json' with { type: 'json' };
import { t } from './translate';

type EnglishId = keyof typeof en & string;
type Head<K extends string> = K extends `${infer H}.${string}` ? H : K;
type Under<K extends string, H extends string> = K extends `${H}.${infer R}` ? R : never;
/** English's ids as msg's nested key paths, each a string. */
export type CatalogueTexts<K extends string = EnglishId> = {
  readonly [H in Head<K>]: H extends K ? string : CatalogueTexts<Under<K, H>>;
};

type Leaf = string | readonly unknown[] | ((...args: never[]) => unknown);
/** msg as declared, plus the catalogue's texts it does not declare. */
export type WithCatalogueTexts<L, C = CatalogueTexts> = {
  readonly [K in keyof L | keyof C]: K extends keyof L
    ? L[K] extends Leaf
      ? L[K]
      : K extends keyof C
        ? WithCatalogueTexts<L[K], C[K]>
        : L[K]
    : K extends keyof C
      ? C[K]
      : never;
};

let textIds: readonly string[] = [];

/** The ids read as plain text because only the catalogue declares them. */
export function catalogueTextIds(): readonly string[] {
  return textIds;
}

const isNode = (value: unknown): value is object =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `node` with a getter for `id` at `path`, copied (declared nodes are frozen); as it is on a clash. */
function withText(node: object, path: readonly string[], id: string): object {
  const [key, ...rest] = path;
  const existing = (node as Record<string, unknown>)[key];
  if (rest.length === 0 ? key in node : existing !== undefined && !isNode(existing)) return node;
  const descriptors = Object.getOwnPropertyDescriptors(node);
  for (const descriptor of Object.values(descriptors)) descriptor.configurable = true;
  const copy = Object.defineProperties({}, descriptors);
  if (rest.length === 0) {
    Object.defineProperty(copy, key, { enumerable: true, get: () => t(id) });
  } else {
    const child = withText(isNode(existing) ? existing : {}, rest, id);
    Object.defineProperty(copy, key, { enumerable: true, value: child });
  }
  return Object.freeze(copy);
}

/** Adds to `localized` every English id `declared` lacks, as a plain text at its key path. */
export function withCatalogueTexts<L>(
  localized: L,
  declared: readonly string[],
  catalogue: Readonly<Record<string, unknown>> = en,
): WithCatalogueTexts<L> {
  const known = new Set(declared);
  textIds = Object.keys(catalogue).filter((id) => !known.has(id));
  let out = localized as object;
  for (const id of textIds) out = withText(out, id.split('.'), id);
  return out as WithCatalogueTexts<L>;
}
