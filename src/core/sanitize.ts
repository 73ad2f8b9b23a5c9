// Server text must never drive the terminal: an ESC, BEL or C1 byte in an intern's name could
// move the cursor, retitle the window or hide a line. Everything from the server passes
// through one of these functions before it is written.

// C0 controls, DEL, C1 controls, line/paragraph separators and bidirectional overrides
// (the last can make a line read differently from what it contains).
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_EXCEPT_LAYOUT = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t', '\u001b': '\\e' };

function visible(ch: string): string {
  const named = NAMED[ch];
  if (named) return named;
  const code = ch.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u${code.toString(16).padStart(4, '0')}`;
}

/** For one table cell or one tab-separated field: every control character made visible. */
export function sanitizeField(text: string): string {
  return text.replace(UNSAFE, visible);
}

/** For multi-line text shown as a block (a system prompt): newlines and tabs kept, the rest made visible. */
export function sanitizeBlock(text: string): string {
  return text.replace(UNSAFE_EXCEPT_LAYOUT, visible);
}

// JSON.stringify already escapes C0; DEL, C1 and the bidi controls it leaves raw.
const JSON_UNSAFE = /[\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Pretty JSON whose text holds no raw control character; the parsed value is unchanged. */
export function safeJson(value: unknown, indent = 2): string {
  return JSON.stringify(value, null, indent).replace(
    JSON_UNSAFE,
    (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
