// The audit log of `gwctl mcp`'s write tools: one JSON line per event, keys masked. A preview
// is one line; a confirmed write is a line of intent, written before anything is sent, and a
// line of its outcome, both with the call's id. The log is the record: a write whose intent
// cannot be written is not sent (`AuditLog.write` throws, and the write tool stops there).
// Each line also says where the write went and who asked for it (`Where`, and the client), so
// that a rehearsal against the sandbox is never mistaken for a write to production.
import { appendFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { maskKeys } from '../../core/mask.js';

/**
 * Who said yes: the person (`accepted`), nobody because the operator chose so (`not_asked`), or
 * why not: `declined`, `unavailable` (the client cannot ask), `mismatch` (answered otherwise than
 * asked: a count typed wrong), `spent` (a yes that had already allowed a write, sent again).
 */
export type Confirmation = 'accepted' | 'declined' | 'unavailable' | 'mismatch' | 'not_asked' | 'spent' | null;

/** Where this server's writes go: the same on every line of a run. */
export interface Where {
  /** The profile in effect (null when the settings cannot be read: the call then fails). */
  profile: string | null;
  /** The origin of the base URL (`https://gw.example`), null likewise. */
  origin: string | null;
  sandbox: boolean;
  gwctl: string;
}

/** The client as it named itself (`initialize`'s clientInfo, or the 2026-07-28 envelope's). */
export type ClientName = { name: string | null; version: string | null };

export interface AuditEntry {
  /** The call's id: the intent and the outcome of one call share it. */
  call_id: string;
  /** `intent` before a write is sent; `outcome` after a call ends (or a preview, or a refusal). */
  event: 'intent' | 'outcome';
  tool: string;
  arguments: Record<string, unknown>;
  preview: boolean;
  confirmation: Confirmation;
  /** The ids a confirmed write acts on (intent), or the result (outcome). */
  targets?: readonly string[];
  outcome?: Record<string, unknown>;
  client?: ClientName;
}

export interface AuditLog {
  readonly file: string;
  /** Appends one line; throws when it cannot be written. */
  write(entry: AuditEntry, keys: readonly string[]): Promise<void>;
}

export function auditLog(file: string, now: () => number, where: () => Where): AuditLog {
  return {
    file,
    async write({ client, ...entry }, keys) {
      const line = JSON.stringify({
        time: new Date(now()).toISOString(),
        ...where(),
        client: client ?? { name: null, version: null },
        ...entry,
      });
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await appendFile(file, `${maskKeys(line, keys)}\n`, { mode: 0o600 });
    },
  };
}
