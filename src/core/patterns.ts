// Shapes the whole tool agrees on, each with one home.

/** Any UUID form (the API document says uuid, not which version). */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** URL-safe names (workspace and preset slugs): letters, digits and `-._~`. */
export const URL_SAFE = /^[A-Za-z0-9._~-]+$/;

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** This machine (`localhost`, `::1`, 127.x.y.z): the only place keys travel in clear text, and where the sandbox listens. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** The first character a header cannot carry (outside printable ASCII, or a control), with code point and position; else undefined. */
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
 * What makes a base URL unusable: not absolute http(s), or with user information (sent as credentials)
 * or a query or fragment (which would swallow every path appended to it); undefined when fine.
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
