// JSON text of a value, with every part the API sent printed as it was sent (core/sent-json.ts):
// its keys in their order, its numbers as written. Only the layout is gwctl's: pretty as
// JSON.stringify(value, null, 2) lays it out, or compact on one line. A value gwctl built
// itself (a watch event, a summary) prints as JSON.stringify prints it, around the sent parts
// it holds. The characters a terminal must not receive raw are escaped (core/sanitize.ts).
import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  compactSentText,
  endsScalar,
  isJsonSpace,
  OPEN_BRACE,
  OPEN_BRACKET,
  QUOTE,
  sentText,
  stringEnd,
} from '../core/sent-json.js';
import { escapeJsonText } from '../core/sanitize.js';

/** Pretty JSON, `indent` spaces a level. */
export function prettyJson(value: unknown, indent = 2): string {
  return escapeJsonText(writeJson(value, ' '.repeat(indent), ''));
}

/** JSON on one line (no newline at the end). */
export function compactJson(value: unknown): string {
  return escapeJsonText(writeJson(value, '', ''));
}

/**
 * The text to hand a JSON reader (jq) for a value: what the API sent, unchanged (its own
 * spacing), when the value is a body or an item of one; otherwise compact JSON around the sent
 * parts it holds. Not escaped for a terminal: it is read, not shown.
 */
export function jsonText(value: unknown): string {
  return sentText(value) ?? writeJson(value, '', '');
}

/** Sent JSON text laid out anew: pretty (`unit` a level, from `margin`), or compact when `unit` is empty. */
function layoutJson(text: string, unit: string, margin: string): string {
  if (unit === '') return compactText(text);
  let out = '';
  let pad = margin;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (isJsonSpace(code)) {
      i++;
    } else if (code === QUOTE) {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
      let next = i + 1;
      while (isJsonSpace(text.charCodeAt(next))) next++;
      if (text.charCodeAt(next) === code + 2) {
        // `{}` and `[]`: empty, on one line, as JSON.stringify writes them.
        out += code === OPEN_BRACE ? '{}' : '[]';
        i = next + 1;
      } else {
        pad += unit;
        out += `${text[i]}\n${pad}`;
        i = next;
      }
    } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
      pad = pad.slice(0, pad.length - unit.length);
      out += `\n${pad}${text[i]}`;
      i++;
    } else if (code === COMMA) {
      out += `,\n${pad}`;
      i++;
    } else if (code === COLON) {
      out += ': ';
      i++;
    } else {
      let end = i + 1;
      while (end < n && !endsScalar(text.charCodeAt(end))) end++;
      out += text.slice(i, end);
      i = end;
    }
  }
  return out;
}

/** Sent JSON text without its spacing; the text itself when it has none (the usual server's). */
function compactText(text: string): string {
  let out = '';
  let from = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const code = text.charCodeAt(i);
    if (code === QUOTE) {
      i = stringEnd(text, i);
    } else if (isJsonSpace(code)) {
      out += text.slice(from, i);
      while (isJsonSpace(text.charCodeAt(i))) i++;
      from = i;
    } else {
      i++;
    }
  }
  return from === 0 ? text : out + text.slice(from);
}

/**
 * JSON.stringify's layout (`unit` a level, the value's own lines indented by `pad`; compact
 * when `unit` is empty), with the sent parts of `value` as sent. Not yet escaped for a
 * terminal: a caller writing many values escapes them together (`escapeJsonText`).
 */
export function writeJson(value: unknown, unit: string, pad: string): string {
  if (typeof value === 'object' && value !== null) {
    // An item read without spacing is its own compact text: no second scan of it.
    if (unit === '') {
      const compact = compactSentText(value);
      if (compact !== undefined) return compact;
    }
    const text = sentText(value);
    if (text !== undefined) return layoutJson(text, unit, pad);
    const json = (value as { toJSON?: unknown }).toJSON;
    if (typeof json === 'function') return writeJson(json.call(value, ''), unit, pad);
    const inner = pad + unit;
    const open = unit === '' ? '' : `\n${inner}`;
    const between = unit === '' ? ',' : `,\n${inner}`;
    const close = unit === '' ? '' : `\n${pad}`;
    if (Array.isArray(value)) {
      if (value.length === 0) return '[]';
      // Array.from, not map: a hole prints as null, as JSON.stringify prints it.
      return `[${open}${Array.from(value as unknown[], (item) => (printable(item) ? writeJson(item, unit, inner) : 'null')).join(between)}${close}]`;
    }
    const fields = Object.entries(value).filter(([, field]) => printable(field));
    if (fields.length === 0) return '{}';
    const colon = unit === '' ? ':' : ': ';
    return `{${open}${fields.map(([key, field]) => `${JSON.stringify(key)}${colon}${writeJson(field, unit, inner)}`).join(between)}${close}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** What JSON.stringify keeps as an object's field (it leaves out undefined, functions and symbols). */
function printable(value: unknown): boolean {
  return value !== undefined && typeof value !== 'function' && typeof value !== 'symbol';
}
