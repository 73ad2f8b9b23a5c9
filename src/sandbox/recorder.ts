// What the sandbox received, for tests that check what a client sent: method, path, query,
// whether an Authorization header was there and which demo key class it held, the body. The
// key itself is never kept, so a dump of the log can be pasted anywhere.
import type { KeyKind } from './keys.js';

export interface RecordedRequest {
  seq: number;
  at: string;
  method: string;
  path: string;
  query: Record<string, string | string[]>;
  /** An Authorization header was present. */
  authorization: boolean;
  /** Which demo key it carried: a key class, "unknown" for any other value, null when absent. */
  key: KeyKind | 'unknown' | null;
  content_type: string | null;
  body_bytes: number;
  /** The body parsed as JSON, else as text (first 64 KiB); null when empty. */
  body: unknown;
  /** The status answered; null while pending or when the connection was dropped. */
  status: number | null;
  /** The id of the fault that affected it, if any. */
  fault: number | null;
}

const MAX_ENTRIES = 5000;
const MAX_BODY_TEXT = 65_536;

export function queryObject(params: URLSearchParams): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(params.keys())) {
    const values = params.getAll(key);
    out[key] = values.length === 1 ? values[0]! : values;
  }
  return out;
}

export function bodyForLog(bytes: Buffer, size: number): unknown {
  if (size === 0) return null;
  if (bytes.length === 0) return `[${size} bytes, over the limit, not kept]`;
  const text = bytes.subarray(0, MAX_BODY_TEXT).toString('utf8');
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export class Recorder {
  private entries: RecordedRequest[] = [];
  private seq = 0;

  add(entry: Omit<RecordedRequest, 'seq' | 'at'>): RecordedRequest {
    const full: RecordedRequest = { seq: ++this.seq, at: new Date().toISOString(), ...entry };
    this.entries.push(full);
    // Paging 100000 interns must not grow memory without bound.
    if (this.entries.length > MAX_ENTRIES) this.entries.splice(0, this.entries.length - MAX_ENTRIES);
    return full;
  }

  list(): RecordedRequest[] {
    return this.entries.map((e) => ({ ...e }));
  }

  clear(): number {
    const n = this.entries.length;
    this.entries = [];
    return n;
  }
}
