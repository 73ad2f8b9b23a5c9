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
