// npm run check:messages: the catalogues in src/locales against English and msg (decision 0116).
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { msg } from '../src/shared/messages';
import { LOCALES } from '../src/shared/i18n/locales';
import { declaredIds, declaredTags } from '../src/shared/i18n/localize';
import { checkCatalogues } from '../src/shared/i18n/check-catalogues';
import { catalogueTextIds } from '../src/shared/i18n/catalogue-texts';
import { checkCatalogueTexts } from '../src/shared/i18n/check-catalogue-texts';

void msg; // declares the ids
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../src/locales');
const load = (locale: string) =>
  JSON.parse(readFileSync(path.join(dir, `${locale}.json`), 'utf8')) as Record<string, string>;
const translations = Object.fromEntries(
  LOCALES.filter((locale) => locale !== 'en').map((locale) => [locale, load(locale)]),
);
const problems = checkCatalogues(load('en'), translations, declaredIds(), declaredTags());
// A sentence in en.json alone (decision 0130) is msg's too; it must be plain and read somewhere.
const root = path.join(dir, '..');
const sources = readdirSync(root, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.tsx?$/.test(file))
  .map((file) => readFileSync(path.join(root, file), 'utf8'));
problems.push(...checkCatalogueTexts(load('en'), catalogueTextIds(), sources));
for (const problem of problems) console.error(problem);
const missing = (l: string) =>
  problems.some((p) => p.startsWith(`${l}: `) && p.endsWith(' is missing'));
const untranslated = LOCALES.filter((l) => l !== 'en' && missing(l));
if (untranslated.length) {
  console.error(
    `Every sentence ships in every language: add it to ${untranslated.map((l) => `src/locales/${l}.json`).join(' and ')}, ` +
      'translated (glossaries in docs/translation/; the reviewers check the words)',
  );
}
if (problems.length) {
  console.error(`check:messages: ${problems.length} problem(s) in src/locales`);
  process.exit(1);
}
console.log(`check:messages: ${declaredIds().length} messages, ${LOCALES.join(', ')} complete`);
