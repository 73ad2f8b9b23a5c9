// The body as the subset may read it: only when JavaScript's reading of the text keeps what jq
// 1.8.2 keeps. jq keeps a number literal's own text (`1.10`, `1e1000`, `-0`,
// `12345678901234567890` print as written, or as its decimal form writes them) and the order of
// an object's keys; JavaScript keeps neither (`1.1`, `Infinity`, `0`, `12345678901234567000`, and
// index-like keys first). So a body with any number not in the one form both print alike, or any
// key JavaScript would move, goes to jq whole; so does a body nested deeper than SUBSET_DEPTH,
// where jq's own limits of nesting (10,000 levels to parse, print or compare) are jq's to apply.
import { BACKSLASH, CLOSE_BRACE, CLOSE_BRACKET, COLON, isJsonSpace, MINUS, OPEN_BRACE, OPEN_BRACKET, QUOTE } from '../../core/sent-json.js';

/**
 * The deepest body the subset reads. jq refuses a body nested over 10,000 deep and prints what
 * is nested deeper as `<skipped: too deep>`; a filter of the subset nests its outputs at most 64
 * levels deeper than its input, and this thread's stack holds the subset's reading of 1,000
 * levels with room to spare.
 */
const SUBSET_DEPTH = 1000;

/**
 * The body parsed, or undefined when jq would print some of it otherwise than JavaScript's
 * value. `parsed`: JSON.parse of the same text, when the caller has it (a body is not parsed twice).
 */
export function readSubsetInput(text: string, parsed?: unknown): unknown {
  if (!keepsAsJavaScript(text)) return undefined;
  if (parsed !== undefined) return parsed;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Not JSON to JavaScript: jq decides what it is.
    return undefined;
  }
}

/**
 * Every number outside strings is plain, no key is index-like and nothing is nested deeper than
 * SUBSET_DEPTH. A loop over the characters between strings, each string skipped with indexOf (in
 * native code): a few milliseconds a megabyte, where a regular expression over every token took
 * ten times as long.
 */
function keepsAsJavaScript(text: string): boolean {
  const length = text.length;
  let depth = 0;
  let i = 0;
  while (i < length) {
    const ch = text.charCodeAt(i);
    if (ch === OPEN_BRACE || ch === OPEN_BRACKET) {
      if (++depth > SUBSET_DEPTH) return false;
      i++;
    } else if (ch === CLOSE_BRACE || ch === CLOSE_BRACKET) {
      depth--;
      i++;
    } else if (ch === QUOTE) {
      const end = closingQuote(text, i);
      if (end < 0) return true; // not JSON: JSON.parse says so
      if (isDigit(text.charCodeAt(i + 1)) && isKey(text, end + 1) && isIndexLike(text.slice(i + 1, end))) return false;
      i = end + 1;
    } else if (ch === MINUS || isDigit(ch)) {
      let end = i + 1;
      while (end < length && isNumberPart(text.charCodeAt(end))) end++;
      if (!isPlainNumber(text.slice(i, end))) return false;
      i = end;
    } else {
      i++;
    }
  }
  return true;
}

/** The index of the quote that closes the string opened at `open`, or -1. */
function closingQuote(text: string, open: number): number {
  for (let at = text.indexOf('"', open + 1); at >= 0; at = text.indexOf('"', at + 1)) {
    let slashes = 0;
    while (text.charCodeAt(at - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
  return -1;
}

/** A colon follows (after white space): the string was a key. */
function isKey(text: string, at: number): boolean {
  while (isJsonSpace(text.charCodeAt(at))) at++;
  return text.charCodeAt(at) === COLON;
}

function isDigit(ch: number): boolean {
  return ch >= 0x30 && ch <= 0x39;
}

/** Digits, `.`, `e`, `E`, `+`, `-`. */
function isNumberPart(ch: number): boolean {
  return isDigit(ch) || ch === 0x2e || ch === 0x65 || ch === 0x45 || ch === 0x2b || ch === MINUS;
}

/**
 * A number literal that jq 1.8.2 prints as written and JavaScript prints alike: the text of a
 * double in its shortest form, without an exponent (JavaScript and jq write exponents
 * differently), and not `-0`.
 */
export function isPlainNumber(text: string): boolean {
  if (text === '-0' || /[eE]/.test(text)) return false;
  return String(Number(text)) === text;
}

/** A key JavaScript puts before the others: an array index, 0 to 2^32 - 2, written plainly. */
export function isIndexLike(key: string): boolean {
  return /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) <= 4294967294;
}
