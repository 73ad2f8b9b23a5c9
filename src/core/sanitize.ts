// Server text must never drive the terminal nor hide from a person (an ESC, a bidirectional
// control or a zero-width space in a name): every byte that leaves the process passes through one
// of these functions, which share one definition of what is unsafe.

/**
 * Unsafe everywhere, besides C0, DEL, C1 and the line and paragraph separators: Unicode's format
 * characters (every bidirectional mark, embedding, override and isolate; the soft hyphen, the
 * zero-width characters and joiners, the BOM), and every tag character, assigned or not: text a
 * model reads and a person does not see ("prod\u200b-db" looks like "prod-db").
 */
const INVISIBLE = '\\p{Cf}\\u{e0000}-\\u{e007f}';

const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE}]`, 'gu');
/** The same, except the tab and newline that lay out a block of text. */
const UNSAFE_EXCEPT_LAYOUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${INVISIBLE}]`, 'gu');
/**
 * What drives a terminal or hides or reorders text wherever the text ends up: ESC and the 8-bit
 * DCS, SOS, CSI, OSC, PM and APC, which begin control sequences, BEL, which ends one (and rings),
 * and the invisible characters.
 */
const UNSAFE_IN_A_PIPE = new RegExp(`[\\u0007\\u001b\\u0090\\u0098\\u009b\\u009d-\\u009f${INVISIBLE}]`, 'gu');
/** What JSON.stringify leaves raw: it escapes C0 itself. */
const JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${INVISIBLE}]`, 'gu');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

/** A control as `\e` or `\x07`, an invisible character as `\u00ad`, one beyond the BMP (a tag) as one code point: `\u{e0041}`. */
function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.codePointAt(0)!;
  if (code <= 0x9f) return `\\x${code.toString(16).padStart(2, '0')}`;
  return code <= 0xffff ? `\\u${code.toString(16).padStart(4, '0')}` : `\\u{${code.toString(16)}}`;
}

/** JSON's own escape, a character beyond the BMP as its two surrogates. */
function jsonEscape(ch: string): string {
  let out = '';
  for (let i = 0; i < ch.length; i++) out += `\\u${ch.charCodeAt(i).toString(16).padStart(4, '0')}`;
  return out;
}

/** Text on one line: each run of white space one space, none at either end. JavaScript's `\s` holds the BOM, which is kept here for sanitizeField to show. */
export function oneLine(text: string): string {
  return text.replace(/[^\S\ufeff]+/g, ' ').replace(/^ | $/g, '');
}

/** For one table cell, one tab-separated field or one error line: every control character made visible. */
export function sanitizeField(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** For multi-line text shown as a block (a system prompt, a raw jq string): newlines and tabs kept, the rest made visible. */
export function sanitizeBlock(text: string): string {
  return text.replace(UNSAFE_EXCEPT_LAYOUT, visible);
}

/**
 * For a raw string `--jq` prints into a pipe: the characters `jq -r` prints (a carriage return, a
 * NUL, a line separator), except what would begin or end a terminal's control sequence or reorder
 * text. At a terminal, sanitizeBlock applies on top (output/printers/jq.ts).
 */
export function sanitizeRawString(text: string): string {
  return text.replace(UNSAFE_IN_A_PIPE, visible);
}

/** JSON text with the characters its serialiser leaves raw escaped as `\uXXXX` (only inside strings: the value is unchanged). */
export function escapeJsonText(json: string): string {
  return json.replace(JSON_UNSAFE, jsonEscape);
}

/** Pretty JSON whose text holds no raw control character; the parsed value is unchanged. */
export function safeJson(value: unknown, indent = 2): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

/** How much of an input value an error message quotes (contract: at most 200 characters). */
export const QUOTED_MAX = 200;

/** An input value as an error quotes it: double quotes, controls visible, cut at QUOTED_MAX, a URL's password never shown. */
export function quoteInput(text: string): string {
  const shown = withoutUserinfo(text);
  if (shown.length <= QUOTED_MAX) return sanitizeField(JSON.stringify(shown));
  // Never end inside a surrogate pair.
  const end = /[\ud800-\udbff]/.test(shown[QUOTED_MAX - 1]!) ? QUOTED_MAX - 1 : QUOTED_MAX;
  return `${sanitizeField(JSON.stringify(shown.slice(0, end)))}… (${shown.length} characters)`;
}

/** A server's value inside a line a person reads: cut at QUOTED_MAX, with controls and line breaks visible, so it cannot forge a line. */
export function shownValue(text: string): string {
  if (text.length <= QUOTED_MAX) return sanitizeField(text);
  const end = /[\ud800-\udbff]/.test(text[QUOTED_MAX - 1]!) ? QUOTED_MAX - 1 : QUOTED_MAX;
  return `${sanitizeField(text.slice(0, end))}… (${text.length} characters)`;
}

/** A URL's user name and password shown as `…` (`https://…@host`): a listing of settings is no place for a password. */
export function withoutUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1…@');
}

/** An error message with every quoted span and every space-less run over QUOTED_MAX characters cut, saying how long it was. */
export function shortenQuotedWords(message: string): string {
  const cut = (text: string): string => {
    const end = /[\ud800-\udbff]/.test(text[QUOTED_MAX - 1]!) ? QUOTED_MAX - 1 : QUOTED_MAX;
    return text.slice(0, end);
  };
  return message
    .replace(/'([^']{201,})'/g, (_m, word: string) => `'${cut(word)}'… (${word.length} characters)`)
    .replace(/"((?:[^"\\]|\\.){201,})"/g, (_m, word: string) => `"${cut(word)}"… (${word.length} characters)`)
    .replace(/[^\s'"]{201,}/g, (run) => `${cut(run)}… (${run.length} characters)`);
}
