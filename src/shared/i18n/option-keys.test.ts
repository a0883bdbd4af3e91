import { describe, expect, it } from 'vitest';
import { checkCatalogues } from './check-catalogues';

const en = {
  expected: 'expected {what, select, array {a list} object {an object} other {a {what}}}.',
  wait: '{n, plural, one {# second} other {# seconds}}',
};
const ids = Object.keys(en);
const check = (es: Record<string, string>) => checkCatalogues(en, { es }, ids);

describe("the catalogue check: a translation's select and plural options", () => {
  it('passes options that match, and a select key of its own', () => {
    expect(
      check({
        expected:
          'se esperaba {what, select, array {una lista} object {un objeto} string {un texto} other {un {what}}}.',
        wait: '{n, plural, one {# segundo} many {# segundos} other {# segundos}}',
      }),
    ).toEqual([]);
  });

  it('fails a select key en has and the locale lacks, naming the id and the key', () => {
    expect(
      check({
        expected: 'se esperaba {what, select, array {una lista} other {un {what}}}.',
        wait: '{n, plural, one {# segundo} other {# segundos}}',
      }),
    ).toEqual(["es: expected {what, select} lacks the key 'object' that en has"]);
  });

  it("fails a plural without 'other', or without a category en covers that the locale has", () => {
    const problems = check({
      expected:
        'se esperaba {what, select, array {una lista} object {un objeto} other {un {what}}}.',
      wait: '{n, plural, one {# segundo}}',
    });
    expect(problems).toContain("es: wait {n, plural} has no 'other' option");
    expect(
      check({
        expected:
          'se esperaba {what, select, array {una lista} object {un objeto} other {un {what}}}.',
        wait: '{n, plural, other {# segundos}}',
      }),
    ).toEqual(["es: wait {n, plural} lacks the key 'one' that en has"]);
  });

  it('fails a plural category the locale never picks', () => {
    expect(
      check({
        expected:
          'se esperaba {what, select, array {una lista} object {un objeto} other {un {what}}}.',
        wait: '{n, plural, one {# segundo} few {# segundos} other {# segundos}}',
      }),
    ).toEqual(["es: wait {n, plural} has the key 'few', a plural category es never picks"]);
  });
});
