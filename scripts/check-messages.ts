// npm run check:messages: the catalogues in src/locales against English and msg (decision 0116).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { msg } from '../src/shared/messages';
import { LOCALES } from '../src/shared/i18n/locales';
import { declaredIds } from '../src/shared/i18n/localize';
import { checkCatalogues } from '../src/shared/i18n/check-catalogues';

void msg; // declares the ids
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const load = (locale: string) =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const translations = Object.fromEntries(
  LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, load(locale)]),
);
const problems = checkCatalogues(load('en'), translations, declaredIds());
for (const problem of problems) console.error(problem);
if (problems.length) {
  console.error(`check:messages: ${problems.length} problem(s) in src/locales`);
  process.exit(1);
}
console.log(`check:messages: ${declaredIds().length} messages, ${LOCALES.join(', ')} complete`);
