// Injected faults, for testing retries and error handling against the sandbox: matched by method
// and path, then a delay, a dropped connection or an answer, `times` times or until cleared. Their
// JSON and text forms are documented in docs/sandbox.md ("Faults").
import { isObject } from '../core/patterns.js';

export const BODY_KEYWORDS = ['html', 'truncated', 'empty', 'not-json'] as const;

export interface FaultSpec {
  match: string;
  status?: number;
  retry_after?: string | number;
  delay_ms?: number;
  body?: unknown;
  drop?: boolean;
  times?: number;
  headers?: Record<string, string>;
}

/** A fault in force: its spec (Retry-After as text), and its count instead of `times`. */
export interface Fault extends Omit<FaultSpec, 'retry_after' | 'times'> {
  id: number;
  retry_after?: string;
  /** Requests it will still affect; null for "until cleared". */
  remaining: number | null;
  /** Requests it has affected. */
  hits: number;
}

export class FaultSpecError extends Error {}

const API_PREFIX = '/api/v1';
const MAX_DELAY_MS = 600_000;

interface Matcher {
  method: string | undefined;
  prefix?: string;
  regex?: RegExp;
}

function parseMatch(match: string): Matcher {
  const text = match.trim();
  if (text.startsWith('re:')) {
    try {
      return { method: undefined, regex: new RegExp(text.slice(3)) };
    } catch (error) {
      throw new FaultSpecError(`match: invalid regular expression: ${(error as Error).message}`);
    }
  }
  const parts = text.split(/\s+/);
  let method: string | undefined;
  let path: string | undefined;
  if (parts.length === 1) path = parts[0];
  else if (parts.length === 2) [method, path] = parts;
  else throw new FaultSpecError('match must be "[METHOD] /path-prefix" or "re:REGEX"');
  if (method !== undefined) {
    if (method === '*') method = undefined;
    else if (!/^[A-Za-z]+$/.test(method)) throw new FaultSpecError(`match: "${method}" is not an HTTP method`);
    else method = method.toUpperCase();
  }
  if (!path || !path.startsWith('/')) throw new FaultSpecError('match: the path must start with "/"');
  const prefix = path.startsWith(API_PREFIX) ? path : API_PREFIX + path;
  return { method, prefix };
}

/** Checks a JSON fault spec; throws FaultSpecError naming the bad field. */
export function checkFaultSpec(value: unknown): FaultSpec {
  if (!isObject(value)) throw new FaultSpecError('a fault must be a JSON object');
  const known = new Set(['match', 'status', 'retry_after', 'delay_ms', 'body', 'drop', 'times', 'headers']);
  for (const key of Object.keys(value)) if (!known.has(key)) throw new FaultSpecError(`unknown fault field "${key}"`);
  const { match, status, retry_after, delay_ms, body, drop, times, headers } = value;
  if (typeof match !== 'string' || match.trim() === '')
    throw new FaultSpecError('match is required: "[METHOD] /path-prefix" or "re:REGEX"');
  parseMatch(match);
  const spec: FaultSpec = { match };
  if (status !== undefined) {
    if (!Number.isInteger(status) || (status as number) < 100 || (status as number) > 599)
      throw new FaultSpecError('status must be an integer from 100 to 599');
    spec.status = status as number;
  }
  if (retry_after !== undefined) {
    if (typeof retry_after !== 'string' && typeof retry_after !== 'number')
      throw new FaultSpecError('retry_after must be a string or a number');
    spec.retry_after = retry_after;
  }
  if (delay_ms !== undefined) {
    if (typeof delay_ms !== 'number' || !Number.isFinite(delay_ms) || delay_ms < 0 || delay_ms > MAX_DELAY_MS) {
      throw new FaultSpecError(`delay_ms must be a number from 0 to ${MAX_DELAY_MS}`);
    }
    spec.delay_ms = delay_ms;
  }
  if (drop !== undefined) {
    if (typeof drop !== 'boolean') throw new FaultSpecError('drop must be true or false');
    spec.drop = drop;
  }
  if (times !== undefined) {
    if (!Number.isInteger(times) || (times as number) < 1) throw new FaultSpecError('times must be an integer of at least 1');
    spec.times = times as number;
  }
  if (headers !== undefined) {
    if (!isObject(headers) || Object.values(headers).some((v) => typeof v !== 'string'))
      throw new FaultSpecError('headers must be an object of strings');
    spec.headers = headers as Record<string, string>;
  }
  if (body !== undefined) spec.body = body;
  if (spec.status === undefined && spec.body === undefined && !spec.drop && spec.delay_ms === undefined && spec.headers === undefined) {
    throw new FaultSpecError('a fault needs at least one of status, body, drop, delay_ms or headers');
  }
  return spec;
}

/** The text form of `--fault`; see the top of this file. */
export function parseFaultText(text: string): FaultSpec {
  const tokens = text.trim().split(/\s+/).filter(Boolean);
  if (tokens.length === 0) throw new FaultSpecError('empty fault');
  const matchParts: string[] = [];
  if (/^([A-Za-z]+|\*)$/.test(tokens[0]!) && tokens.length > 1 && (tokens[1]!.startsWith('/') || tokens[1]!.startsWith('re:'))) {
    matchParts.push(tokens.shift()!);
  }
  const path = tokens.shift();
  if (!path || !(path.startsWith('/') || path.startsWith('re:'))) throw new FaultSpecError(`"${text}": expected [METHOD] /path first`);
  const spec: Record<string, unknown> = { match: path.startsWith('re:') ? path : [...matchParts, path].join(' ') };
  for (const token of tokens) {
    const [key, value] = token.includes('=')
      ? [token.slice(0, token.indexOf('=')), token.slice(token.indexOf('=') + 1)]
      : [token, undefined];
    if (value === undefined && /^\d{3}$/.test(key)) spec.status = Number(key);
    else if (value === undefined && key === 'drop') spec.drop = true;
    else if ((key === 'retry-after' || key === 'retry_after') && value) spec.retry_after = value;
    else if (key === 'delay' && value) spec.delay_ms = parseDuration(value);
    else if (key === 'times' && value && /^\d+$/.test(value)) spec.times = Number(value);
    else if (key === 'body' && value) spec.body = (BODY_KEYWORDS as readonly string[]).includes(value) ? value : parseJsonBody(value);
    else
      throw new FaultSpecError(
        `"${token}" is not understood; use STATUS, retry-after=S, delay=MS, body=${BODY_KEYWORDS.join('|')}, drop, times=N`,
      );
  }
  return checkFaultSpec(spec);
}

function parseDuration(text: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s)?$/.exec(text);
  if (!m) throw new FaultSpecError(`delay=${text}: use milliseconds (delay=1500) or seconds (delay=2s)`);
  return Math.round(Number(m[1]) * (m[2] === 's' ? 1000 : 1));
}

function parseJsonBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new FaultSpecError(`body=${text}: use ${BODY_KEYWORDS.join(', ')} or JSON without spaces`);
  }
}

export class FaultList {
  private faults: { fault: Fault; matcher: Matcher }[] = [];
  private nextId = 1;

  add(value: FaultSpec | string): Fault {
    const spec = typeof value === 'string' ? parseFaultText(value) : checkFaultSpec(value);
    const fault: Fault = { id: this.nextId++, match: spec.match, remaining: spec.times ?? null, hits: 0 };
    if (spec.status !== undefined) fault.status = spec.status;
    if (spec.retry_after !== undefined) fault.retry_after = String(spec.retry_after);
    if (spec.delay_ms !== undefined) fault.delay_ms = spec.delay_ms;
    if (spec.body !== undefined) fault.body = spec.body;
    if (spec.drop) fault.drop = true;
    if (spec.headers) fault.headers = spec.headers;
    this.faults.push({ fault, matcher: parseMatch(spec.match) });
    return { ...fault };
  }

  list(): Fault[] {
    return this.faults.map(({ fault }) => ({ ...fault }));
  }

  clear(): number {
    const n = this.faults.length;
    this.faults = [];
    return n;
  }

  remove(id: number): boolean {
    const before = this.faults.length;
    this.faults = this.faults.filter(({ fault }) => fault.id !== id);
    return this.faults.length < before;
  }

  /** The first fault matching this request, counted as used (and gone once its times are spent). */
  take(method: string, path: string, search: string): Fault | undefined {
    const entry = this.faults.find(({ matcher }) => matches(matcher, method, path, search));
    if (!entry) return undefined;
    entry.fault.hits++;
    if (entry.fault.remaining !== null) {
      entry.fault.remaining--;
      if (entry.fault.remaining <= 0) this.faults = this.faults.filter((f) => f !== entry);
    }
    return { ...entry.fault };
  }
}

function matches(m: Matcher, method: string, path: string, search: string): boolean {
  if (m.regex) return m.regex.test(`${method} ${path}${search}`);
  if (m.method !== undefined && m.method !== method) return false;
  return path.startsWith(m.prefix!);
}
