// Part of the catalogue check (`npm run check:messages`, decision 0116): a translation's `select`
// and `plural` options against its English source. A select must offer every key English offers
// (it may add its own: German names a value English only repeats); a plural must have `other`, every category English covers that
// the locale also has ('one' in Spanish and German), and only categories the locale can pick
// (CLDR's, through Intl.PluralRules) or exact `=n` matches. Only the check imports this.

import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

type Kind = 'select' | 'plural' | 'selectordinal';

/** 'n:plural' -> the option keys used for it anywhere in the message (nested ones too). */
export function optionKeys(
  elements: MessageFormatElement[],
  into = new Map<string, Set<string>>(),
): Map<string, Set<string>> {
  for (const element of elements) {
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      const kind: Kind =
        element.type === TYPE.select
          ? 'select'
          : element.pluralType === 'ordinal'
            ? 'selectordinal'
            : 'plural';
      const name = `${element.value}:${kind}`;
      const keys = into.get(name) ?? new Set<string>();
      into.set(name, keys);
      for (const [key, option] of Object.entries(element.options)) {
        keys.add(key);
        optionKeys(option.value, into);
      }
    }
    if (element.type === TYPE.tag) optionKeys(element.children, into);
  }
  return into;
}

function keysOf(message: string): Map<string, Set<string>> | null {
  try {
    return optionKeys(parse(message, { ignoreTag: true, requiresOtherClause: false }));
  } catch {
    return null; // the placeholder check reports what does not parse
  }
}

const categories = (locale: string, type: 'cardinal' | 'ordinal') =>
  new Set<string>(new Intl.PluralRules(locale, { type }).resolvedOptions().pluralCategories);

/** Problems with one translated message's options, one sentence each, naming the id and the key. */
export function optionProblems(
  locale: string,
  id: string,
  source: string,
  translation: string,
): string[] {
  const expected = keysOf(source);
  const found = keysOf(translation);
  if (!expected || !found) return [];
  const problems: string[] = [];
  const say = (placeholder: string, what: string) =>
    problems.push(`${locale}: ${id} {${placeholder.replace(':', ', ')}} ${what}`);
  for (const [placeholder, keys] of found) {
    const english = expected.get(placeholder);
    if (!english) continue; // a placeholder English lacks: the placeholder check reports it
    const kind = placeholder.slice(placeholder.indexOf(':') + 1) as Kind;
    if (!keys.has('other')) say(placeholder, "has no 'other' option");
    if (kind === 'select') {
      for (const key of english)
        if (!keys.has(key)) say(placeholder, `lacks the key '${key}' that en has`);
      continue;
    }
    const usable = categories(locale, kind === 'plural' ? 'cardinal' : 'ordinal');
    for (const key of english)
      if (key !== 'other' && usable.has(key) && !keys.has(key))
        say(placeholder, `lacks the key '${key}' that en has`);
    for (const key of keys)
      if (!usable.has(key) && !/^=\d+$/.test(key))
        say(placeholder, `has the key '${key}', a plural category ${locale} never picks`);
  }
  return problems;
}
