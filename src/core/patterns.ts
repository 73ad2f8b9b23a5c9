// Shapes the whole tool agrees on, each with one home.

/** Any UUID form (the API document says uuid, not which version). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** URL-safe names (workspace and preset slugs): letters, digits and `-._~`. */
export const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

/**
 * This machine: `localhost`, `::1` (bracketed or not) or any 127.x.y.z. Keys may travel in clear
 * text only here, and the sandbox (whose demo keys are public) listens only here.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/**
 * The first character an HTTP header cannot carry as written (a key, an `api -H` value): anything
 * outside printable ASCII (an en dash or a curly quote pasted from a document) or a control
 * character, described with its code point and its position counted in characters from 1:
 * `a character outside printable ASCII (U+2013) at position 13`. Undefined when there is none.
 */
export function unsendableCharacter(text: string): string | undefined {
  let position = 0;
  for (const c of text) {
    position += 1;
    const code = c.codePointAt(0)!;
    if (code >= 0x20 && code <= 0x7e) continue;
    const what = code < 0x20 || (code >= 0x7f && code <= 0x9f) ? 'a control character' : 'a character outside printable ASCII';
    return `${what} (U+${code.toString(16).toUpperCase().padStart(4, '0')}) at position ${position}`;
  }
  return undefined;
}

/**
 * What makes a base URL unusable, or undefined when it is fine: not an absolute http(s) URL, or
 * one carrying user information, a query or a fragment. Every path is appended to the base URL,
 * so a query or fragment would swallow it (`https://host/api/v1#x` + `/batches/ID` sends to
 * `/api/v1`), and user information would go out as credentials beside the key.
 */
export function baseUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'expected an absolute http(s) URL such as https://openrouter.ai/api/v1';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'expected an http or https URL';
  if (url.username || url.password) return 'a base URL must not carry a user name or password';
  if (text.includes('?')) return 'a base URL must not carry a query (?)';
  if (text.includes('#')) return 'a base URL must not carry a fragment (#)';
  return undefined;
}
