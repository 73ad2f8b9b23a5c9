// Server text must never drive the terminal: an ESC, BEL or C1 byte in an intern's name could
// move the cursor, retitle the window or hide a line, and a bidirectional control can make a
// line read differently from what it holds. Every byte that leaves the process (tables, piped
// rows, JSON, jq output, errors, hints, --debug lines) passes through one of these functions,
// and they share one definition of what is unsafe.

/**
 * Unsafe everywhere: C0 controls, DEL, C1 controls, the line and paragraph separators, and
 * every bidirectional control: the Arabic letter mark (U+061C), the left-to-right and
 * right-to-left marks (U+200E, U+200F), the embeddings and overrides (U+202A-U+202E) and the
 * isolates (U+2066-U+2069).
 */
const BIDI = '\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069';

const UNSAFE = new RegExp(`[\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI}]`, 'g');
/** The same, except the tab and newline that lay out a block of text. */

const UNSAFE_EXCEPT_LAYOUT = new RegExp(`[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029${BIDI}]`, 'g');
/** What JSON.stringify leaves raw: it escapes C0 itself. */
const JSON_UNSAFE = new RegExp(`[\\u007f-\\u009f\\u2028\\u2029${BIDI}]`, 'g');

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

function jsonEscape(ch: string): string {
  return `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`;
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
 * JSON text (from JSON.stringify or another serialiser) with the characters that serialiser
 * leaves raw escaped as `\uXXXX`. They can only stand inside strings, so the parsed value is
 * unchanged.
 */
export function escapeJsonText(json: string): string {
  return json.replace(JSON_UNSAFE, jsonEscape);
}

/** Pretty JSON whose text holds no raw control character; the parsed value is unchanged. */
export function safeJson(value: unknown, indent = 2): string {
  return escapeJsonText(JSON.stringify(value, null, indent));
}

/** How much of an input value an error message quotes (contract: at most 200 characters). */
export const QUOTED_MAX = 200;

/**
 * An input value as an error message quotes it: in double quotes, control characters made
 * visible, at most QUOTED_MAX characters of it (then `…` and how long it was), and a URL's user
 * name and password never shown.
 */
export function quoteInput(text: string): string {
  const shown = withoutUserinfo(text);
  if (shown.length <= QUOTED_MAX) return sanitizeField(JSON.stringify(shown));
  // Never end inside a surrogate pair.
  const end = /[\ud800-\udbff]/.test(shown[QUOTED_MAX - 1]!) ? QUOTED_MAX - 1 : QUOTED_MAX;
  return `${sanitizeField(JSON.stringify(shown.slice(0, end)))}… (${shown.length} characters)`;
}

/**
 * A value (a server's name, id or status; a field of a body) inside one line of a message a
 * person reads, such as a confirmation: its first QUOTED_MAX characters, then `…` and how long it
 * was, every control character, bidirectional control and line break made visible, so that a
 * value can neither drive the reader's terminal nor forge a line of the message.
 */
export function shownValue(text: string): string {
  if (text.length <= QUOTED_MAX) return sanitizeField(text);
  const end = /[\ud800-\udbff]/.test(text[QUOTED_MAX - 1]!) ? QUOTED_MAX - 1 : QUOTED_MAX;
  return `${sanitizeField(text.slice(0, end))}… (${text.length} characters)`;
}

/**
 * A URL with its user name and password (`https://user:secret@host`) shown as `…`
 * (`https://…@host`): a hand-edited base URL may carry them, and a listing of settings is no
 * place for a password. Anything else as it is.
 */
export function withoutUserinfo(text: string): string {
  return text.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/?#]*@/i, '$1…@');
}

/**
 * An error message with no input quoted at more than QUOTED_MAX characters, whoever wrote it (the
 * argument parser's '…', a jq engine's or a server's echo of what it was given): each quoted
 * span ('…' or "…") and each run without spaces longer than that is cut, saying how long it was.
 * What quoteInput made is short already.
 */
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
