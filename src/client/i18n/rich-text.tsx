// The one reader of a rich message (localize.ts: rich()): a sentence that wraps markup or values as
// tags, `"Open <b>Shortcuts</b>"`, said in each language's own word order. Each tag name maps to
// the element it becomes; the catalogue check holds every locale to the tags msg declares.
import { Fragment, createElement, type ReactNode } from 'react';
import type { RichText as RichMessage } from '@shared/i18n/localize';

/** Each tag's element: `chunks` is the tag's content, one node to place as its child. */
export type RichTags<Tag extends string> = Readonly<Record<Tag, (chunks: ReactNode) => ReactNode>>;

/**
 * `<RichText text={msg.recipes.open} tags={{ b: (chunks) => <b>{chunks}</b> }} />`: the message in
 * the current locale, each tag's content wrapped by its function.
 */
export function RichText<Tag extends string>({
  text,
  tags,
}: {
  text: RichMessage<Tag>;
  tags: RichTags<NoInfer<Tag>>;
}): ReactNode {
  // A tag's content and the sentence are lists of parts: each becomes one fragment with the parts
  // as its children (no list, so no keys to invent; the parts of one message never reorder).
  const asChildren = Object.fromEntries(
    Object.entries<(chunks: ReactNode) => ReactNode>(tags).map(([tag, wrap]) => [
      tag,
      (chunks: ReactNode[]) => wrap(createElement(Fragment, null, ...chunks)),
    ]),
  ) as Readonly<Record<Tag, (chunks: ReactNode[]) => ReactNode>>;
  return createElement(Fragment, null, ...text<ReactNode>(asChildren));
}
