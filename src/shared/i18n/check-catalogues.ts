// The catalogue check behind `npm run check:messages` (decision 0116): every shipped locale
// carries exactly English's ids, each message parses as ICU MessageFormat and uses the same
// placeholders (name and kind) and tags as its English source, English's ids are exactly the ones
// msg declares (none unused, none missing), and English's tags are the ones msg declares for the
// id (rich messages'; any other message has none, a literal '<' before a letter being quoted). Only the check script and tests import this: it
// carries the ICU parser.

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { optionProblems } from './option-keys';

const KIND: Partial<Record<TYPE, string>> = {
  [TYPE.argument]: 'text',
  [TYPE.number]: 'number',
  [TYPE.date]: 'date',
  [TYPE.time]: 'time',
  [TYPE.select]: 'select',
  [TYPE.plural]: 'plural',
  [TYPE.tag]: 'tag',
};

/** 'n:plural', 'name:text', ... of a message's placeholders, sorted. */
function placeholders(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const element of elements) {
    if (element.type === TYPE.plural && element.pluralType === 'ordinal') {
      into.add(`${element.value}:selectordinal`);
    } else if ('value' in element && KIND[element.type]) {
      into.add(`${element.value}:${KIND[element.type]}`);
    }
    if ('options' in element) {
      for (const option of Object.values(element.options)) placeholders(option.value, into);
    }
    if (element.type === TYPE.tag) placeholders(element.children, into);
  }
  return into;
}

function read(message: string): Set<string> | string {
  try {
    return placeholders(parse(message));
  } catch (error) {
    return (error as Error).message;
  }
}

const list = (set: Set<string>) => [...set].sort().join(', ') || 'none';

/** Every problem found, one sentence each; none when the catalogues are sound. */
export function checkCatalogues(
  source: Record<string, string>,
  translations: Record<string, Record<string, string>>,
  declaredIds: readonly string[],
  declaredTags: ReadonlyMap<string, readonly string[]> = new Map(),
): string[] {
  const problems: string[] = [];
  const declared = new Set(declaredIds);
  for (const id of declared)
    if (!(id in source)) problems.push(`en: ${id} is missing (msg declares it)`);
  for (const id of Object.keys(source)) {
    if (!declared.has(id)) problems.push(`en: ${id} is used by no code (msg does not declare it)`);
  }
  const sourcePlaceholders = new Map<string, Set<string>>();
  for (const [id, message] of Object.entries(source)) {
    const found = read(message);
    if (typeof found === 'string') problems.push(`en: ${id} does not parse: ${found}`);
    else {
      sourcePlaceholders.set(id, found);
      const tags = new Set([...found].filter((p) => p.endsWith(':tag')));
      // A tag and a placeholder share the values' names: one would hide the other.
      for (const tag of tags) {
        const name = tag.slice(0, -':tag'.length);
        if ([...found].some((p) => p !== tag && p.startsWith(`${name}:`))) {
          problems.push(`en: ${id} has a tag and a placeholder both named ${name}`);
        }
      }
      const expected = new Set((declaredTags.get(id) ?? []).map((tag) => `${tag}:tag`));
      if (list(tags) !== list(expected)) {
        problems.push(`en: ${id} has tags ${list(tags)}, msg declares ${list(expected)}`);
      }
    }
  }
  for (const [locale, catalogue] of Object.entries(translations)) {
    for (const id of Object.keys(source)) {
      if (!(id in catalogue)) problems.push(`${locale}: ${id} is missing`);
    }
    for (const [id, message] of Object.entries(catalogue)) {
      if (!(id in source)) {
        problems.push(`${locale}: ${id} is not in en`);
        continue;
      }
      const found = read(message);
      const expected = sourcePlaceholders.get(id);
      if (typeof found === 'string') problems.push(`${locale}: ${id} does not parse: ${found}`);
      else if (expected && list(found) !== list(expected)) {
        problems.push(`${locale}: ${id} has placeholders ${list(found)}, en has ${list(expected)}`);
      }
      problems.push(...optionProblems(locale, id, source[id], message));
    }
  }
  return problems;
}
