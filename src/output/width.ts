// How many terminal columns text takes (wide East Asian characters and emoji two, combining marks
// none), so tables neither overflow nor cut more than they must.

// Combining marks, zero-width characters, direction marks, variation selectors (one code point at a
// time). Built on first use: V8 compiles the property classes for about 2M instructions.
let zeroWidth: RegExp | undefined;
let emoji: RegExp | undefined;
// eslint-disable-next-line no-misleading-character-class
const isZeroWidth = (ch: string): boolean => (zeroWidth ??= /^[\p{Mn}\p{Me}\u200b-\u200f\u2060\ufe00-\ufe0f]$/u).test(ch);
const isEmoji = (ch: string): boolean => (emoji ??= /^\p{Emoji_Presentation}$/u).test(ch);

function isWide(cp: number): boolean {
  return (
    cp >= 0x1100 &&
    (cp <= 0x115f ||
      cp === 0x2329 ||
      cp === 0x232a ||
      (cp >= 0x2e80 && cp <= 0x3247 && cp !== 0x303f) ||
      (cp >= 0x3250 && cp <= 0x4dbf) ||
      (cp >= 0x4e00 && cp <= 0xa4c6) ||
      (cp >= 0xa960 && cp <= 0xa97c) ||
      (cp >= 0xac00 && cp <= 0xd7a3) ||
      (cp >= 0xf900 && cp <= 0xfaff) ||
      (cp >= 0xfe10 && cp <= 0xfe19) ||
      (cp >= 0xfe30 && cp <= 0xfe6b) ||
      (cp >= 0xff01 && cp <= 0xff60) ||
      (cp >= 0xffe0 && cp <= 0xffe6) ||
      (cp >= 0x1b000 && cp <= 0x1b001) ||
      (cp >= 0x1f200 && cp <= 0x1f251) ||
      (cp >= 0x20000 && cp <= 0x3fffd))
  );
}

export function charWidth(ch: string): number {
  const cp = ch.codePointAt(0) ?? 0;
  if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return 0;
  if (cp < 0x300) return 1;
  if (isZeroWidth(ch)) return 0;
  return isWide(cp) || isEmoji(ch) ? 2 : 1;
}

export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += charWidth(ch);
  return width;
}

/** `text` cut to at most `width` columns, ending with `…` when something was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  let out = '';
  let used = 0;
  for (const ch of text) {
    const w = charWidth(ch);
    if (used + w > width - 1) break;
    out += ch;
    used += w;
  }
  return `${out}…`;
}

/** `text` followed by spaces up to `width` columns. */
export function padToWidth(text: string, width: number): string {
  return text + ' '.repeat(Math.max(0, width - displayWidth(text)));
}

/** Where a word too long for a line (a URL, a path) is best broken: after one of these. */
const SEPARATORS = '/.-_?&=,:;';

/**
 * `text` in lines of at most `width` columns, broken at spaces (dropped), and a word wider than a
 * line where the line ends; with `wholeWords`, such a word (a URL, a path) stands whole on a line
 * of its own instead, where a message on stderr is copied from.
 */
export function wrapToWidth(text: string, width: number, { wholeWords = false } = {}): string[] {
  if (displayWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line = '';
  let used = 0;
  for (const word of text.split(' ')) {
    const w = displayWidth(word);
    if (line !== '') {
      if (used + 1 + w <= width) {
        line += ` ${word}`;
        used += 1 + w;
        continue;
      }
      lines.push(line);
      line = '';
      used = 0;
    }
    if (wholeWords) {
      line = word;
      used = w;
      continue;
    }
    // The word begins a line; a word wider than the line is broken where the line ends, or
    // after the last of its separators (`/`, `.`, `-`...) in the line's second half.
    for (const ch of word) {
      const cw = charWidth(ch);
      if (used + cw > width && used > 0) {
        const at = Math.max(...[...SEPARATORS].map((sep) => line.lastIndexOf(sep))) + 1;
        const split = at > 0 && displayWidth(line.slice(0, at)) >= width / 2 ? at : line.length;
        lines.push(line.slice(0, split));
        line = line.slice(split);
        used = displayWidth(line);
      }
      line += ch;
      used += cw;
    }
  }
  lines.push(line);
  return lines;
}
