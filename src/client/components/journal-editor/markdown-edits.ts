// Pure text edits behind the journal toolbar. Each takes the text and the
// textarea selection and returns the new text with where the selection should go,
// so the component only has to apply the result. None of them ever returns text
// longer than maxLength: an edit that would not fit leaves everything unchanged.

export interface TextEdit {
  text: string;
  selectionStart: number;
  selectionEnd: number;
}

/** A prefix for the n-th prefixed line (0-based), so numbered lists can count up. */
export type LinePrefix = string | ((lineIndex: number) => string);

const NO_LIMIT = Number.POSITIVE_INFINITY;

function normalizeSelection(text: string, start: number, end: number): [number, number] {
  const clamp = (n: number) => Math.min(Math.max(0, n), text.length);
  const a = clamp(start);
  const b = clamp(end);
  return a <= b ? [a, b] : [b, a];
}

function unchanged(text: string, start: number, end: number): TextEdit {
  return { text, selectionStart: start, selectionEnd: end };
}

// A double-click often selects the trailing space too, and `**word **` is not bold
// in markdown, so whitespace at the edges stays outside the markup.
function trimSelection(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s])) s++;
  while (e > s && /\s/.test(text[e - 1])) e--;
  return [s, e];
}

function runLength(text: string, from: number, step: 1 | -1, char: string): number {
  let n = 0;
  for (
    let i = step === 1 ? from : from - 1;
    i >= 0 && i < text.length && text[i] === char;
    i += step
  )
    n++;
  return n;
}

// With `*` runs, bold is a run of 2 and italic a run of 1; a run of 3 is both.
function isWrappedIn(text: string, start: number, end: number, marker: string): boolean {
  const char = marker[0];
  if (!char || start < marker.length) return false;
  if (marker !== char.repeat(marker.length)) {
    return (
      text.slice(start - marker.length, start) === marker &&
      text.slice(end, end + marker.length) === marker
    );
  }
  const before = runLength(text, start, -1, char);
  const after = runLength(text, end, 1, char);
  const matches = (run: number) => run === marker.length || run === 3;
  return matches(before) && matches(after);
}

/**
 * Wraps the selection in `marker` (`**` bold, `*` italic). With nothing selected the
 * caret lands between the two markers. Clicking again on text already wrapped in
 * the same marker removes it.
 */
export function wrapSelection(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  marker: string,
  maxLength: number = NO_LIMIT,
): TextEdit {
  const [start, end] = normalizeSelection(text, selectionStart, selectionEnd);
  const [s, e] = trimSelection(text, start, end);
  const m = marker.length;

  if (m > 0 && isWrappedIn(text, s, e, marker)) {
    return {
      text: text.slice(0, s - m) + text.slice(s, e) + text.slice(e + m),
      selectionStart: s - m,
      selectionEnd: e - m,
    };
  }
  if (text.length + 2 * m > maxLength) return unchanged(text, start, end);
  return {
    text: text.slice(0, s) + marker + text.slice(s, e) + marker + text.slice(e),
    selectionStart: s + m,
    selectionEnd: e + m,
  };
}

/**
 * Adds `prefix` (`## `, `- `, `1. `) to the start of every line the selection touches.
 * Blank lines inside a multi-line selection are skipped. If every such line already
 * has its prefix, the prefix is removed instead.
 */
export function prefixLines(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  prefix: LinePrefix,
  maxLength: number = NO_LIMIT,
): TextEdit {
  const [start, end] = normalizeSelection(text, selectionStart, selectionEnd);
  const prefixFor = typeof prefix === 'string' ? () => prefix : prefix;

  const blockStart = text.lastIndexOf('\n', start - 1) + 1;
  // A selection ending right after a line break does not include the next line.
  const lastCovered = end > start && text[end - 1] === '\n' ? end - 1 : end;
  const nextBreak = text.indexOf('\n', lastCovered);
  const blockEnd = nextBreak === -1 ? text.length : nextBreak;

  const lines = text.slice(blockStart, blockEnd).split('\n');
  const targets =
    lines.length === 1 ? [0] : lines.flatMap((line, i) => (line.trim() === '' ? [] : [i]));
  if (targets.length === 0) return unchanged(text, start, end);

  const removing = targets.every((lineIndex, k) => lines[lineIndex].startsWith(prefixFor(k)));
  const next = [...lines];
  targets.forEach((lineIndex, k) => {
    const p = prefixFor(k);
    const line = lines[lineIndex];
    if (removing) next[lineIndex] = line.slice(p.length);
    else if (!line.startsWith(p)) next[lineIndex] = p + line;
  });

  const block = next.join('\n');
  const newText = text.slice(0, blockStart) + block + text.slice(blockEnd);
  if (newText.length > maxLength && newText.length > text.length)
    return unchanged(text, start, end);

  const firstLineDelta = next[0].length - lines[0].length;
  const moveInFirstLine = (pos: number) => Math.max(blockStart, pos + firstLineDelta);
  if (start === end) {
    const caret = moveInFirstLine(start);
    return { text: newText, selectionStart: caret, selectionEnd: caret };
  }
  const newStart = start === blockStart ? blockStart : moveInFirstLine(start);
  const newEnd = Math.max(newStart, end + (newText.length - text.length));
  return { text: newText, selectionStart: newStart, selectionEnd: newEnd };
}

/** Numbered-list prefixes that count up: `1. `, `2. `, `3. `… */
export const numberedPrefix: LinePrefix = (lineIndex) => `${lineIndex + 1}. `;

/**
 * Replaces the selection with `insertion` (an emoji) and puts the caret after it.
 * Refuses rather than truncates when the result would be too long, so an emoji
 * is never cut in half.
 */
export function insertAt(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  insertion: string,
  maxLength: number = NO_LIMIT,
): TextEdit {
  const [start, end] = normalizeSelection(text, selectionStart, selectionEnd);
  if (text.length - (end - start) + insertion.length > maxLength)
    return unchanged(text, start, end);
  const caret = start + insertion.length;
  return {
    text: text.slice(0, start) + insertion + text.slice(end),
    selectionStart: caret,
    selectionEnd: caret,
  };
}

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const EMAIL = /^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/;

/**
 * Turns what a member typed in the URL prompt into a link destination markdown
 * can hold: no spaces, brackets or parentheses, and a scheme so `example.com`
 * becomes a working https link and `me@example.com` a mailto link.
 */
export function normalizeLinkUrl(raw: string): string {
  const url = raw.trim();
  if (url === '') return '';
  const encoded = url.replace(
    /[\s()<>]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`,
  );
  if (HAS_SCHEME.test(encoded) || encoded.startsWith('/') || encoded.startsWith('#'))
    return encoded;
  if (EMAIL.test(encoded)) return `mailto:${encoded}`;
  return `https://${encoded}`;
}

/**
 * Inserts `[selection](url)`, or `[link text](url)` with `link text` selected so it
 * can be typed over. An empty URL changes nothing.
 */
export function insertLink(
  text: string,
  selectionStart: number,
  selectionEnd: number,
  url: string,
  maxLength: number = NO_LIMIT,
  placeholder = 'link text',
): TextEdit {
  const [start, end] = normalizeSelection(text, selectionStart, selectionEnd);
  const href = normalizeLinkUrl(url);
  if (href === '') return unchanged(text, start, end);

  const [s, e] = trimSelection(text, start, end);
  const hasLabel = s < e;
  const label = hasLabel ? text.slice(s, e) : placeholder;
  const link = `[${label}](${href})`;
  if (text.length - (e - s) + link.length > maxLength) return unchanged(text, start, end);

  const newText = text.slice(0, s) + link + text.slice(e);
  if (hasLabel) {
    const caret = s + link.length;
    return { text: newText, selectionStart: caret, selectionEnd: caret };
  }
  return { text: newText, selectionStart: s + 1, selectionEnd: s + 1 + label.length };
}
