// A short-lived cache of the ids gwctl last printed, so `gwctl interns get <TAB>` completes without
// the network. Best effort both ways; only plain-character ids are kept (shells expand candidates),
// and names beside them made safe and short.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Env } from '../core/env.js';
import { cacheDir } from '../config/paths.js';
import { sanitizeField } from '../core/sanitize.js';

export type IdKind = 'intern' | 'batch';

/** How long a remembered id is offered. */
export const ID_TTL_MS = 10 * 60 * 1000;
/** At most this many ids per kind, newest first. */
export const MAX_IDS = 1000;

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,199}$/;
/** Longest name kept beside an id: a description in a completion menu, not a record. */
const NAME_SHOWN = 40;

/** An id and, when known, the name it goes by. */
export interface KnownId {
  id: string;
  name?: string;
}

interface CacheFile {
  version: 1;
  entries: (KnownId & { at: number })[];
}

export function cacheFile(env: Env, kind: IdKind): string | undefined {
  const dir = cacheDir(env);
  return dir === undefined ? undefined : path.join(dir, `${kind}-ids.json`);
}

function read(file: string | undefined): CacheFile['entries'] {
  if (file === undefined) return [];
  try {
    const data = JSON.parse(readFileSync(file, 'utf8')) as Partial<CacheFile>;
    if (!Array.isArray(data.entries)) return [];
    return data.entries
      .filter((e) => typeof e?.id === 'string' && SAFE_ID.test(e.id) && typeof e.at === 'number')
      .map((e) => (typeof e.name === 'string' ? { id: e.id, at: e.at, name: shortName(e.name) } : { id: e.id, at: e.at }));
  } catch {
    return [];
  }
}

/** A name as a shell may show it: one line, no control character, cut short. */
function shortName(name: string): string {
  const safe = sanitizeField(name).trim();
  return safe.length > NAME_SHOWN ? `${safe.slice(0, NAME_SHOWN - 1)}…` : safe;
}

/** Ids (with their names) remembered less than ten minutes ago, newest first. */
export function recentIds(env: Env, kind: IdKind, now = Date.now()): KnownId[] {
  return read(cacheFile(env, kind))
    .filter((e) => e.at <= now + 60_000 && now - e.at < ID_TTL_MS)
    .map(({ id, name }) => (name ? { id, name } : { id }));
}

/** Remembers ids just shown (bare, or with their names), ahead of the ones still fresh. Never throws. */
export function rememberIds(env: Env, kind: IdKind, ids: readonly (string | KnownId)[], now = Date.now()): void {
  try {
    const fresh = ids
      .map((known) => (typeof known === 'string' ? { id: known } : known))
      .filter(({ id }) => SAFE_ID.test(id))
      .map(({ id, name }) => (name === undefined || shortName(name) === '' ? { id, at: now } : { id, at: now, name: shortName(name) }));
    if (fresh.length === 0) return;
    const file = cacheFile(env, kind);
    if (file === undefined) return;
    const seen = new Set<string>();
    const entries: CacheFile['entries'] = [];
    for (const e of [...fresh, ...read(file).filter((e) => now - e.at < ID_TTL_MS)]) {
      if (seen.has(e.id) || entries.length >= MAX_IDS) continue;
      seen.add(e.id);
      entries.push(e);
    }
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const temp = `${file}.${process.pid}.tmp`;
    writeFileSync(temp, `${JSON.stringify({ version: 1, entries } satisfies CacheFile)}\n`, { mode: 0o600 });
    renameSync(temp, file);
  } catch {
    // A cache that cannot be written only means fewer completions.
  }
}
