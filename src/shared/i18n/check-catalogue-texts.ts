// The check of the sentences only the catalogue declares (decision 0130), part of
// `npm run check:messages`: such a sentence is plain text (msg reads it without values, so a
// placeholder would show as written) and some source file reads it by its whole path, `msg.<id>`
// (nothing else declares it, so this is how an unused one is found). Only the check script and
// tests import this: it carries the ICU parser.

import { parse, TYPE } from '@formatjs/icu-messageformat-parser';

function isPlain(message: string): boolean {
  try {
    return parse(message).every((element) => element.type === TYPE.literal);
  } catch {
    return true; // checkCatalogues reports what does not parse
  }
}

const readBy = (id: string) => new RegExp(`\\bmsg\\.${id.replaceAll('.', '\\.')}(?![\\w$])`);

/** Every problem with the catalogue-only ids, one sentence each; `sources` are the files' texts. */
export function checkCatalogueTexts(
  source: Readonly<Record<string, string>>,
  textIds: readonly string[],
  sources: readonly string[],
): string[] {
  const problems: string[] = [];
  for (const id of textIds) {
    const message = source[id];
    if (message === undefined) continue;
    const reads = readBy(id);
    if (!isPlain(message)) {
      const name = id.split('.').pop();
      problems.push(
        `en: ${id} has placeholders, tags or a plural, and msg does not declare it: give it a line ` +
          `in src/shared/messages.ts saying its values (${name}: (n: number) => ({ n })); only a ` +
          `plain sentence can live in the catalogues alone`,
      );
    } else if (!sources.some((text) => reads.test(text))) {
      problems.push(
        `en: ${id} is used by no code (no file under src/ reads msg.${id}; a sentence only the ` +
          `catalogue declares is read by its whole path)`,
      );
    }
  }
  return problems;
}
