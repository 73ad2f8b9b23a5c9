// JSON as the API sent it. gwctl computes with the values JSON.parse gives (schema checks,
// counts, cursors, comparisons), but those values are not what it prints: JSON.parse rounds
// 12345678901234567890, turns 1e1000 into Infinity, 1.10 into 1.1 and -0 into 0, and an object
// lists its integer-like keys first. So the text is kept beside the value, keyed by the parsed
// object: a body's whole text, and the text of each item of its `data` list (what --all,
// --jsonl and --watch print one by one). The printers print that text, laid out anew
// (output/json-text.ts); a value gwctl builds itself has no text and prints as plain JSON.
// Why this and not a lossless parser: docs/decisions/020-lossless-json.md.
import { keepYoungGenerationSmall } from './v8-flags.js';

/**
 * The text rides on the value itself, under a symbol no one else knows, not enumerable (so no
 * copy, comparison or JSON.stringify sees it). Not a WeakMap: each page's text then outlived
 * its page until a full collection, and `interns ls --all --jsonl` over 100,000 interns peaked
 * at 250 MB instead of 165 MB (Node 24).
 */
const SENT = Symbol('sent text');
/**
 * The same, for a text the reading found without white space outside its strings (what a
 * compact server sends): it prints on one line as it is, without a second scan of each item.
 */
const SENT_COMPACT = Symbol('sent compact text');
type Carrier = { [SENT]?: string; [SENT_COMPACT]?: string };
const sent = {
  get(value: object): string | undefined {
    const carrier = value as Carrier;
    return carrier[SENT_COMPACT] ?? carrier[SENT];
  },
  compact(value: object): string | undefined {
    return (value as Carrier)[SENT_COMPACT];
  },
  set(value: object, text: string, compact = false): void {
    Object.defineProperty(value, compact ? SENT_COMPACT : SENT, { value: text, configurable: true });
  },
  /** Gives `to` the text of `from`, and what is known of its spacing. */
  copy(from: object, to: object): void {
    const compact = sent.compact(from);
    if (compact !== undefined) sent.set(to, compact, true);
    else {
      const text = sent.get(from);
      if (text !== undefined) sent.set(to, text);
    }
  },
};

/**
 * Parses JSON text like JSON.parse (and throws what it throws), keeping the text of the body
 * and of each object in its top-level `data` list beside the values.
 */
export function readJson(text: string): unknown {
  if (text.length >= LARGE_BODY_CHARS) keepYoungGenerationSmall();
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return value;
  sent.set(value, text);
  const data = (value as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length === 0) return value;
  const found = dataItemTexts(text);
  // The scan reads what JSON.parse read: the same elements, in the same order.
  if (found === undefined || found.items.length !== data.length) return value;
  const { items, spaced } = found;
  for (const [index, item] of data.entries()) {
    if (typeof item === 'object' && item !== null) sent.set(item, items[index]!, !spaced[index]);
  }
  return value;
}

/**
 * A body this large is a million values or more, all alive once parsed: V8 grows its young
 * generation to its largest for them (134 MB on Node 24), and the printing that follows then
 * goes through all of it (a 3.3 MB body nested 500 deep, 1.4 GB laid out: 274 MB at the peak
 * into a pipe, 160 MB with the young generation kept small).
 */
const LARGE_BODY_CHARS = 1024 * 1024;

/** The text the API sent for this value, when it is a body or an item of a body's `data` list. */
export function sentText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? sent.get(value) : undefined;
}

/** The sent text of this value when it is already compact (no white space outside its strings). */
export function compactSentText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? sent.compact(value) : undefined;
}

/**
 * `copy` stands for what `original` was sent as: a schema's checked copy of a body, whose
 * `data` items are copies of the body's items in the same order. Printing the copy prints
 * what was sent.
 */
export function keepSentText(original: unknown, copy: unknown): void {
  if (typeof copy !== 'object' || copy === null || original === copy) return;
  if (typeof original === 'object' && original !== null) sent.copy(original, copy);
  const from = (original as { data?: unknown }).data;
  const to = (copy as { data?: unknown }).data;
  if (!Array.isArray(from) || !Array.isArray(to) || from.length !== to.length) return;
  for (const [index, item] of from.entries()) {
    const target: unknown = to[index];
    if (typeof item === 'object' && item !== null && typeof target === 'object' && target !== null) sent.copy(item, target);
  }
}

/**
 * A copy of a body without one of its fields (the last page's fields besides `data`, which a
 * merged list keeps), that prints the others as they were sent.
 */
export function withoutField(body: Record<string, unknown>, field: string): Record<string, unknown> {
  const rest: Record<string, unknown> = { ...body };
  delete rest[field];
  const text = sentText(body);
  if (text !== undefined) {
    const kept = members(text).filter(([key]) => JSON.parse(key) !== field);
    sent.set(rest, `{${kept.map(([key, value]) => `${key}:${value}`).join(',')}}`);
  }
  return rest;
}

/**
 * The text of each element of the `data` list of an object's text, in one pass; the last
 * `data` member when there are several, as JSON.parse keeps the last.
 */
function dataItemTexts(text: string): ElementTexts | undefined {
  let found: ElementTexts | undefined;
  forEachMember(text, (key, start) => {
    if (text.charCodeAt(start) !== OPEN_BRACKET || !(key === '"data"' || (key.includes('\\') && JSON.parse(key) === 'data')))
      return undefined;
    found = elementTexts(text, start);
    return found.end;
  });
  return found;
}

/**
 * Calls `visit` with each member of an object's text, in order: its key's text (quoted) and
 * where its value starts. `visit` may read the value itself and say where it ends.
 */
function forEachMember(text: string, visit: (key: string, start: number) => number | undefined): void {
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== OPEN_BRACE) return;
  i = skipSpace(text, i + 1);
  while (text.charCodeAt(i) === QUOTE) {
    const keyEnd = stringEnd(text, i);
    const start = skipSpace(text, skipSpace(text, keyEnd) + 1);
    const end = visit(text.slice(i, keyEnd), start) ?? valueEnd(text, start);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return;
    i = skipSpace(text, i + 1);
  }
}

/** The members of an object's text, in order: each key's text (quoted) and its value's text. */
function members(text: string): [string, string][] {
  const out: [string, string][] = [];
  forEachMember(text, (key, start) => {
    const end = valueEnd(text, start);
    out.push([key, text.slice(start, end)]);
    return end;
  });
  return out;
}

/** The elements of an array's text: each one's text, whether it holds white space outside its strings, and where the array ends. */
interface ElementTexts {
  items: string[];
  spaced: boolean[];
  end: number;
}

function elementTexts(text: string, start: number): ElementTexts {
  const items: string[] = [];
  const spaced: boolean[] = [];
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return { items, spaced, end: i + 1 };
  for (;;) {
    const end = valueEnd(text, i);
    items.push(text.slice(i, end));
    spaced.push(lastValueSpaced);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return { items, spaced, end: i + 1 };
    i = skipSpace(text, i + 1);
  }
}

// The scanners below read text JSON.parse has accepted, so they need not check it again.

/** JSON's structural characters, as char codes: one table for every scanner of JSON text. */
export const QUOTE = 0x22;
export const BACKSLASH = 0x5c;
export const COMMA = 0x2c;
export const COLON = 0x3a;
export const MINUS = 0x2d;
export const OPEN_BRACE = 0x7b;
export const CLOSE_BRACE = 0x7d;
export const OPEN_BRACKET = 0x5b;
export const CLOSE_BRACKET = 0x5d;

/** Whether a character is JSON's white space (space, tab, line feed, carriage return). */
export function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipSpace(text: string, from: number): number {
  let i = from;
  while (isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/** Where the string opened by the quote at `start` ends (just past its closing quote). */
export function stringEnd(text: string, start: number): number {
  let quote = start;
  for (;;) {
    quote = text.indexOf('"', quote + 1);
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === BACKSLASH) backslashes++;
    if (backslashes % 2 === 0) return quote + 1;
  }
}

/**
 * Whether the last value `valueEnd` read had white space outside its strings: a second answer
 * of that scan, kept beside it rather than returned so that the scan allocates nothing.
 */
let lastValueSpaced = false;

/** Where the value starting at `start` ends. */
function valueEnd(text: string, start: number): number {
  lastValueSpaced = false;
  const first = text.charCodeAt(start);
  if (first === QUOTE) return stringEnd(text, start);
  if (first !== OPEN_BRACE && first !== OPEN_BRACKET) {
    let i = start + 1;
    while (i < text.length && !endsScalar(text.charCodeAt(i))) i++;
    return i;
  }
  let depth = 0;
  let i = start;
  for (;;) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
      continue;
    }
    if (code === OPEN_BRACE || code === OPEN_BRACKET) depth++;
    else if ((code === CLOSE_BRACE || code === CLOSE_BRACKET) && --depth === 0) return i + 1;
    else if (isJsonSpace(code)) lastValueSpaced = true;
    i++;
  }
}

/** Whether a character ends a number, `true`, `false` or `null`. */
export function endsScalar(code: number): boolean {
  return code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === 0x3a || isJsonSpace(code);
}
