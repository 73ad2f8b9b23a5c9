// JSON as the API sent it. gwctl computes with JSON.parse's values, but JSON.parse rounds big
// integers, turns 1e1000 into Infinity, 1.10 into 1.1 and reorders integer-like keys; so the text
// (of a body and of each item of its `data`) is kept beside the parsed object, and the printers lay
// out that text (output/json-text.ts). Why not a lossless parser: decisions/020-lossless-json.md.

/**
 * The text rides on the value under a private, non-enumerable symbol (no copy, comparison or
 * stringify sees it). A WeakMap kept each page's text until a full collection: 250 MB against 165.
 */
const SENT = Symbol('sent text');
const sent = {
  get(value: object): string | undefined {
    return (value as { [SENT]?: string })[SENT];
  },
  set(value: object, text: string): void {
    Object.defineProperty(value, SENT, { value: text, configurable: true });
  },
};

/** JSON.parse (throwing what it throws), keeping the text of the body and of each item of its top-level `data` beside the values. */
export function readJson(text: string): unknown {
  const value: unknown = JSON.parse(text);
  if (typeof value !== 'object' || value === null) return value;
  sent.set(value, text);
  const data = (value as { data?: unknown }).data;
  if (!Array.isArray(data) || data.length === 0) return value;
  const items = dataItemTexts(text);
  // The scan reads what JSON.parse read: the same elements, in the same order.
  if (items === undefined || items.length !== data.length) return value;
  for (const [index, item] of data.entries()) {
    if (typeof item === 'object' && item !== null) sent.set(item, items[index]!);
  }
  return value;
}

/** The text the API sent for this value, when it is a body or an item of a body's `data` list. */
export function sentText(value: unknown): string | undefined {
  return typeof value === 'object' && value !== null ? sent.get(value) : undefined;
}

/** `copy` (a schema's checked copy of `original`, its `data` items in the same order) prints what `original` was sent as. */
export function keepSentText(original: unknown, copy: unknown): void {
  if (typeof copy !== 'object' || copy === null || original === copy) return;
  const text = sentText(original);
  if (text !== undefined) sent.set(copy, text);
  const from = (original as { data?: unknown }).data;
  const to = (copy as { data?: unknown }).data;
  if (!Array.isArray(from) || !Array.isArray(to) || from.length !== to.length) return;
  for (const [index, item] of from.entries()) {
    const itemText = sentText(item);
    const target: unknown = to[index];
    if (itemText !== undefined && typeof target === 'object' && target !== null) sent.set(target, itemText);
  }
}

/** A copy of a body without one field (a merged list's last-page fields), printing the others as sent. */
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

/** The text of each element of an object's `data` list, in one pass; the last `data` member wins, as in JSON.parse. */
function dataItemTexts(text: string): string[] | undefined {
  let found: string[] | undefined;
  forEachMember(text, (key, start) => {
    if (text.charCodeAt(start) !== OPEN_BRACKET || !(key === '"data"' || (key.includes('\\') && JSON.parse(key) === 'data')))
      return undefined;
    const { items, end } = elementTexts(text, start);
    found = items;
    return end;
  });
  return found;
}

/** Calls `visit` with each member of an object's text in order (its quoted key, where its value starts); `visit` may say where it ends. */
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

/** The text of each element of the array whose text starts at `start`, and where the array ends. */
function elementTexts(text: string, start: number): { items: string[]; end: number } {
  const items: string[] = [];
  let i = skipSpace(text, start + 1);
  if (text.charCodeAt(i) === CLOSE_BRACKET) return { items, end: i + 1 };
  for (;;) {
    const end = valueEnd(text, i);
    items.push(text.slice(i, end));
    i = skipSpace(text, end);
    if (text.charCodeAt(i) !== COMMA) return { items, end: i + 1 };
    i = skipSpace(text, i + 1);
  }
}

// The scanners below read text JSON.parse has accepted, so they need not check it again.

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

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

/** Where the value starting at `start` ends. */
function valueEnd(text: string, start: number): number {
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
    i++;
  }
}

/** Whether a character ends a number, `true`, `false` or `null`. */
export function endsScalar(code: number): boolean {
  return code === COMMA || code === CLOSE_BRACE || code === CLOSE_BRACKET || code === 0x3a || isJsonSpace(code);
}
