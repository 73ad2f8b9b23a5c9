// The four demo keys and what each may see: fixed and published (docs/sandbox.md) to paste into
// scripts, opening nothing outside the sandbox; each ends differently, so their masked forms differ.

export const DEMO_KEYS = {
  /** Works on every route; on interns and vault routes it is a programme member that sees every intern. */
  management: 'gw-sandbox-key-management',
  /** A plain API key: interns, vault and batches; 403 on the management-only routes. */
  api: 'gw-sandbox-key-api',
  /** An API key outside the interns programme: interns and vault routes answer 404; otherwise as `api`. */
  outsider: 'gw-sandbox-key-outsider',
  /** An intern's own key: its intern and that intern's secrets only. */
  intern: 'gw-sandbox-key-intern',
} as const;

export type KeyKind = keyof typeof DEMO_KEYS;

/** Who is calling, as the Authorization header says. */
export type Caller = { kind: 'none' } | { kind: 'unknown' } | { kind: KeyKind };

const BY_VALUE = new Map<string, KeyKind>(Object.entries(DEMO_KEYS).map(([kind, key]) => [key, kind as KeyKind]));

/** `Authorization: Bearer <key>`; the scheme is case-insensitive, anything else is no credentials. */
export function identify(header: string | undefined): Caller {
  if (header === undefined || header.trim() === '') return { kind: 'none' };
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header.trim());
  if (!match) return { kind: 'unknown' };
  const kind = BY_VALUE.get(match[1]!);
  return kind ? { kind } : { kind: 'unknown' };
}
