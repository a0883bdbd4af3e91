import { describe, expect, it } from 'vitest';
import { JOURNAL_MARKDOWN } from '@shared/constants';
import {
  insertAt,
  insertLink,
  normalizeLinkUrl,
  numberedPrefix,
  prefixLines,
  wrapSelection,
  type TextEdit,
} from './markdown-edits';

// Writes a selection as [brackets] (or a caret as |) so expectations read like the textarea.
function show({ text, selectionStart, selectionEnd }: TextEdit): string {
  if (selectionStart === selectionEnd)
    return `${text.slice(0, selectionStart)}|${text.slice(selectionStart)}`;
  return `${text.slice(0, selectionStart)}[${text.slice(selectionStart, selectionEnd)}]${text.slice(selectionEnd)}`;
}

const { bold, italic, heading, bulletList } = JOURNAL_MARKDOWN;

describe('wrapSelection', () => {
  it('wraps the selected words in double asterisks for bold and keeps them selected', () => {
    expect(show(wrapSelection('I ran 5k today', 2, 8, bold))).toBe('I **[ran 5k]** today');
  });

  it('wraps in single asterisks for italic', () => {
    expect(show(wrapSelection('felt strong', 5, 11, italic))).toBe('felt *[strong]*');
  });

  it('puts the caret between the markers when nothing is selected', () => {
    expect(show(wrapSelection('Go ', 3, 3, bold))).toBe('Go **|**');
  });

  it('keeps whitespace at the edges of the selection outside the markers', () => {
    expect(show(wrapSelection('big win today', 4, 8, bold))).toBe('big **[win]** today');
    expect(show(wrapSelection('big win today', 3, 8, italic))).toBe('big *[win]* today');
  });

  it('accepts a selection given end-first', () => {
    expect(show(wrapSelection('abc', 3, 0, bold))).toBe('**[abc]**');
  });

  it('removes the markers when the selection is already bold', () => {
    expect(show(wrapSelection('a **win** b', 4, 7, bold))).toBe('a [win] b');
  });

  it('removes empty markers when pressed twice with nothing selected', () => {
    const once = wrapSelection('', 0, 0, bold);
    expect(show(wrapSelection(once.text, once.selectionStart, once.selectionEnd, bold))).toBe('|');
  });

  it('treats italic inside bold as a new wrap, and bold-italic as both', () => {
    expect(show(wrapSelection('**win**', 2, 5, italic))).toBe('***[win]***');
    expect(show(wrapSelection('***win***', 3, 6, bold))).toBe('*[win]*');
    expect(show(wrapSelection('***win***', 3, 6, italic))).toBe('**[win]**');
  });

  it('changes nothing when the markers would not fit under the limit', () => {
    expect(wrapSelection('abcd', 0, 4, bold, 7)).toEqual({
      text: 'abcd',
      selectionStart: 0,
      selectionEnd: 4,
    });
    expect(wrapSelection('abcd', 0, 4, bold, 8).text).toBe('**abcd**');
  });
});

describe('prefixLines', () => {
  it('prefixes the line the caret is on with a heading marker and keeps the caret on its word', () => {
    expect(show(prefixLines('one\ntwo\nthree', 5, 5, heading))).toBe('one\n## t|wo\nthree');
  });

  it('puts the caret after the prefix on an empty line', () => {
    expect(show(prefixLines('', 0, 0, bulletList))).toBe('- |');
    expect(show(prefixLines('a\n', 2, 2, heading))).toBe('a\n## |');
  });

  it('prefixes every selected line and skips blank lines between them', () => {
    const edit = prefixLines('eggs\n\noats\nrice', 0, 15, bulletList);
    expect(edit.text).toBe('- eggs\n\n- oats\n- rice');
    expect(show(edit)).toBe('[- eggs\n\n- oats\n- rice]');
  });

  it('includes a line touched only partly by the selection', () => {
    expect(prefixLines('ab\ncd\nef', 1, 4, bulletList).text).toBe('- ab\n- cd\nef');
  });

  it('does not include the next line when the selection ends just after a line break', () => {
    expect(prefixLines('ab\ncd', 0, 3, bulletList).text).toBe('- ab\ncd');
  });

  it('numbers a numbered list from 1 upwards', () => {
    expect(prefixLines('squat\nbench\ndeadlift', 0, 20, numberedPrefix).text).toBe(
      '1. squat\n2. bench\n3. deadlift',
    );
    expect(prefixLines('squat', 2, 2, numberedPrefix).text).toBe('1. squat');
  });

  it('removes the prefix when every line already has it', () => {
    expect(show(prefixLines('## Day 3', 5, 5, heading))).toBe('Da|y 3');
    expect(show(prefixLines('## Day 3', 1, 1, heading))).toBe('|Day 3');
    expect(prefixLines('- a\n- b', 0, 7, bulletList).text).toBe('a\nb');
  });

  it('adds the prefix only where it is missing when some lines have it', () => {
    expect(prefixLines('- a\nb', 0, 5, bulletList).text).toBe('- a\n- b');
  });

  it('changes nothing when the prefix would not fit under the limit', () => {
    expect(prefixLines('hello', 0, 5, heading, 7)).toEqual({
      text: 'hello',
      selectionStart: 0,
      selectionEnd: 5,
    });
    expect(prefixLines('hello', 0, 5, heading, 8).text).toBe('## hello');
  });
});

describe('insertAt', () => {
  it('inserts an emoji at the caret and moves the caret after it', () => {
    expect(show(insertAt('Leg day done', 7, 7, '🔥'))).toBe('Leg day🔥| done');
  });

  it('replaces the selection', () => {
    expect(show(insertAt('I feel great', 7, 12, '💪'))).toBe('I feel 💪|');
  });

  it('refuses an insertion that would pass the limit instead of cutting it', () => {
    // '🏋️' is three UTF-16 code units, which is what maxLength counts.
    expect(insertAt('ab', 2, 2, '🏋️', 4)).toEqual({
      text: 'ab',
      selectionStart: 2,
      selectionEnd: 2,
    });
    expect(insertAt('ab', 2, 2, '🏋️', 5).text).toBe('ab🏋️');
    expect(insertAt('abc', 1, 3, '🏋️', 4).text).toBe('a🏋️');
  });
});

describe('insertLink', () => {
  it('turns the selection into the link text', () => {
    expect(show(insertLink('see my route here', 7, 12, 'https://example.com/run'))).toBe(
      'see my [route](https://example.com/run)| here',
    );
  });

  it("uses 'link text' when nothing is selected and selects it to be typed over", () => {
    expect(show(insertLink('Read ', 5, 5, 'https://example.com'))).toBe(
      'Read [[link text]](https://example.com)',
    );
  });

  it('changes nothing when the URL is empty or blank', () => {
    expect(insertLink('abc', 0, 3, '')).toEqual({
      text: 'abc',
      selectionStart: 0,
      selectionEnd: 3,
    });
    expect(insertLink('abc', 0, 3, '   ')).toEqual({
      text: 'abc',
      selectionStart: 0,
      selectionEnd: 3,
    });
  });

  it('changes nothing when the link would not fit under the limit', () => {
    const url = 'https://x.io';
    const fits = `[a](${url})`.length;
    expect(insertLink('a', 0, 1, url, fits - 1).text).toBe('a');
    expect(insertLink('a', 0, 1, url, fits).text).toBe(`[a](${url})`);
  });
});

describe('normalizeLinkUrl', () => {
  it('keeps URLs that have a scheme', () => {
    expect(normalizeLinkUrl(' https://example.com/a?b=1 ')).toBe('https://example.com/a?b=1');
    expect(normalizeLinkUrl('mailto:coach@example.com')).toBe('mailto:coach@example.com');
  });

  it('adds https to a bare address and mailto to an e-mail address', () => {
    expect(normalizeLinkUrl('example.com/plan')).toBe('https://example.com/plan');
    expect(normalizeLinkUrl('coach@example.com')).toBe('mailto:coach@example.com');
  });

  it('encodes characters that would end a markdown link early', () => {
    expect(normalizeLinkUrl('https://en.wikipedia.org/wiki/Plank_(exercise) x')).toBe(
      'https://en.wikipedia.org/wiki/Plank_%28exercise%29%20x',
    );
  });
});
