// `gwctl api <path>`: a request to any route through the one client (keys, retries,
// redirects, --debug, the plain-http rule), its answer printed safely, pages followed by the
// same machinery as `--all`.
import type { WireResponse } from '../api/transport.js';
import { defaultKeyFor, type KeyKind } from '../api/routes.js';
import { reasonPhrase } from '../api/status-text.js';
import { responseError, usageError } from '../core/errors.js';
import { isObject } from '../core/patterns.js';
import { quoteInput, sanitizeBlock, sanitizeField } from '../core/sanitize.js';
import { readJson, withoutField } from '../core/sent-json.js';
import type { Deps, RunFor } from './context.js';
import { cursorPages, type CursorPage, listNeverEnds, shortened } from './shared/paging.js';
import { bodyTooLarge, readBody } from './shared/read-body.js';
import { MAX_BODY_BYTES, refuseDeepNesting } from '../core/bounded-read.js';
import { confirmOrRefuse } from './shared/targets.js';
import type { spec } from './api.js';

type Opts = Parameters<RunFor<typeof spec>>[0]['opts'];
type Field = { key: string; value: string };

export const run: RunFor<typeof spec> = async ({ args, opts, deps }) => {
  const fields = opts.rawField.length + opts.field.length > 0;
  const method = opts.method ?? (fields || opts.input !== undefined ? 'POST' : 'GET');
  if (opts.slurp && !opts.paginate) throw usageError('--slurp needs --paginate');
  if (opts.paginate && method !== 'GET') throw usageError(`--paginate follows the pages of a GET list, not ${method}`);
  if (opts.paginate && opts.include) throw usageError('--include cannot be used with --paginate: the pages are merged into one body');

  const api = await deps.api();
  const url = api.resolve(args.path);
  const values = await fieldValues(deps, opts);
  // Fields go into the query where the method has no body, or where --input is the body.
  const inQuery = method === 'GET' || method === 'HEAD' || method === 'DELETE' || opts.input !== undefined;
  let body: string | undefined;
  if (inQuery) for (const { key, value } of values) url.searchParams.append(key, typeof value === 'string' ? value : JSON.stringify(value));
  else if (values.length) body = JSON.stringify(nest(values));
  // The bound is the body's, however many fields make it up (escaping can make it larger than they are).
  if (body !== undefined && Buffer.byteLength(body) > MAX_BODY_BYTES) throw bodyTooLarge('the request body');
  if (opts.input !== undefined) body = await readFile(deps, opts.input, '--input');

  const headers: Record<string, string> = {};
  for (const { name, value } of opts.header) headers[name.toLowerCase()] = value;
  if (body !== undefined && headers['content-type'] === undefined) headers['content-type'] = 'application/json';
  const key: KeyKind = opts.key ?? defaultKeyFor(relativePath(url, deps.settings().baseUrl.value));

  if (opts.dryRun) {
    await deps.printer.detail({ body: dryRun(method, url, headers, body, await api.hasKeyFor(key)), view: { kind: 'body' } });
    return;
  }
  // A write on a route an operation owns keeps that operation's promises: its question (a
  // destructive one), and success only when the answer says so.
  const owner =
    method === 'GET' || method === 'HEAD' ? undefined : await deps.writeOn(method, relativePath(url, deps.settings().baseUrl.value));
  if (owner && !owner.creates) await confirmOrRefuse(deps, opts.yes, () => owner.question());
  else if (method === 'DELETE') await confirmOrRefuse(deps, opts.yes, async () => `Send DELETE ${sanitizeField(url.href)}?`);

  if (opts.paginate) return paginate(deps, opts, url, key, headers);
  const res = await api.request({ method, url, key, headers, ...(body === undefined ? {} : { body }) });
  if (opts.include) await deps.io.out(statusBlock(res));
  if (!opts.silent && method !== 'HEAD') await printAnswer(deps, res, `${method} ${url.pathname}`);
  const unmet = owner?.unmet(parsedOrText(res.text), res.status);
  if (unmet) throw unmet;
};

/** An answer's JSON value, or its text when it is not JSON (which no operation's schema admits). */
function parsedOrText(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Each field's value: -f a string; -F typed, or read from a file or stdin, each file within what the body has left of its bound. */
async function fieldValues(deps: Deps, opts: Opts): Promise<{ key: string; value: unknown }[]> {
  let left = MAX_BODY_BYTES - opts.rawField.reduce((sum, { key, value }) => sum + Buffer.byteLength(key) + Buffer.byteLength(value), 0);
  if (left < 0) throw bodyTooLarge('the request body');
  const typed = async ({ key, value }: Field): Promise<{ key: string; value: unknown }> => {
    if (value.startsWith('@')) {
      const text = await readFile(deps, value.slice(1), `-F ${key}`, left);
      left -= Buffer.byteLength(text);
      return { key, value: text };
    }
    if (value === 'true' || value === 'false' || value === 'null') return { key, value: JSON.parse(value) as unknown };
    if (/^-?\d+$/.test(value) && Number.isSafeInteger(Number(value))) return { key, value: Number(value) };
    return { key, value };
  };
  const typedValues: { key: string; value: unknown }[] = [];
  for (const field of opts.field) typedValues.push(await typed(field));
  return [...opts.rawField.map(({ key, value }) => ({ key, value: value as unknown })), ...typedValues];
}

/** A file's text, or stdin's for `-`: bounded, and abandoned at once on Ctrl-C. */
function readFile(deps: Deps, path: string, what: string, budget?: number): Promise<string> {
  const named = path === '-' ? `${what} (stdin)` : `${what} file ${quoteInput(path)}`;
  return readBody(deps.io, path, named, (error) => usageError(`cannot read ${named}${error.code ? ` (${error.code})` : ''}`), budget);
}

/** `a[b]=1`, `a[]=x`, `a=y` as one JSON object; a key used both ways is a usage error. */
function nest(values: readonly { key: string; value: unknown }[]): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const { key, value } of values) {
    const m = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(key);
    if (!m) throw usageError(`invalid field name ${quoteInput(key)}`, 'use key, key[sub] or key[]');
    const path = [m[1]!, ...[...m[2]!.matchAll(/\[([^[\]]*)\]/g)].map((p) => p[1]!)];
    let node: Record<string, unknown> | unknown[] = root;
    for (const [i, part] of path.entries()) {
      const last = i === path.length - 1;
      const nextIsList = !last && path[i + 1] === '';
      if (Array.isArray(node)) {
        if (part !== '') throw usageError(`field ${quoteInput(key)} mixes a list and named keys`);
        if (last) node.push(value);
        else {
          // As in gh: `a[][x]=1 a[][y]=2` fill one object of the list; a key it already has
          // starts the next object, unless that key holds a list being appended to (`a[][x][]`).
          const tail: unknown = node[node.length - 1];
          const sub = path[i + 1]!;
          const fills = !nextIsList && isObject(tail) && (!Object.hasOwn(tail, sub) || (path[i + 2] === '' && Array.isArray(tail[sub])));
          const child: Record<string, unknown> | unknown[] = fills ? tail : nextIsList ? [] : {};
          if (!fills) node.push(child);
          node = child;
        }
        continue;
      }
      if (part === '') throw usageError(`invalid field name ${quoteInput(key)}`);
      if (last) {
        node[part] = value;
        continue;
      }
      const existing: unknown = Object.hasOwn(node, part) ? node[part] : undefined;
      if (existing !== undefined && (typeof existing !== 'object' || existing === null || Array.isArray(existing) !== nextIsList)) {
        throw usageError(`field ${quoteInput(key)} conflicts with another field of the same name`);
      }
      const child = (existing as Record<string, unknown> | unknown[] | undefined) ?? (nextIsList ? [] : {});
      node[part] = child;
      node = child;
    }
  }
  return root;
}

/** The path below the base URL (`interns/x` for `https://host/api/v1/interns/x`), for choosing the key. */
function relativePath(url: URL, base: string): string {
  const basePath = new URL(base).pathname.replace(/\/+$/, '');
  return url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
}

function dryRun(method: string, url: URL, extra: Record<string, string>, body: string | undefined, hasKey: boolean): unknown {
  const headers: Record<string, string> = { accept: 'application/json', ...extra };
  if (hasKey) headers.authorization = 'Bearer [redacted]';
  let shown: unknown = body ?? null;
  if (body !== undefined) {
    try {
      shown = JSON.parse(body) as unknown;
    } catch {
      // Not JSON: shown as the text it is.
    }
  }
  return { method, url: url.href, headers, body: shown };
}

/** `HTTP/1.1 200 OK` and the response headers, as `curl -i` and `gh api -i` show them. */
function statusBlock(res: WireResponse): string {
  const reason = reasonPhrase(res.status);
  const lines = [`HTTP/1.1 ${res.status}${reason === undefined ? '' : ` ${reason}`}`];
  for (const [name, value] of Object.entries(res.headers)) lines.push(`${sanitizeField(name)}: ${sanitizeField(value)}`);
  return `${lines.join('\n')}\n\n`;
}

/** JSON pretty-printed and escaped as --json prints it (or shaped by --jq/--jsonl); other text made safe. `name` names the request, as the client does. */
async function printAnswer(deps: Deps, res: WireResponse, name: string): Promise<void> {
  const { text } = res;
  let parsed: { value: unknown } | undefined;
  // A turn of the event loop between receiving a large body and reading it: Ctrl-C and SIGTERM
  // wait for neither whole.
  await new Promise((resolve) => setImmediate(resolve));
  if (text.trim() !== '') {
    try {
      parsed = { value: readJson(text) };
    } catch {
      parsed = undefined;
    }
  }
  if (parsed !== undefined) {
    refuseDeepNesting(parsed.value, name, res.status);
    return deps.printer.detail({ body: parsed.value, bodyText: text, view: { kind: 'body' } });
  }
  // Not JSON: shown as text made safe (--jq refuses it).
  const shown = text === '' ? '' : text.endsWith('\n') ? sanitizeBlock(text) : `${sanitizeBlock(text)}\n`;
  await deps.printer.detail({ view: { kind: 'text', terminal: shown, piped: shown } });
}

/** Whether more pages follow and the next's `param=value`; a cursor list promising more without a cursor gets none (the loop refuses it). */
function nextPage(body: Record<string, unknown>, url: URL, count: number): { more: boolean; nextCursor: string | undefined } {
  if (typeof body.next_cursor === 'string' && body.next_cursor !== '' && body.has_more !== false)
    return { more: true, nextCursor: `starting_after=${body.next_cursor}` };
  if (body.has_more === true && url.searchParams.has('starting_after')) return { more: true, nextCursor: undefined };
  const offset = Number(url.searchParams.get('offset') ?? 0) + count;
  if (body.has_more === true) return { more: true, nextCursor: `offset=${offset}` };
  if (typeof body.total_count === 'number' && body.has_more === undefined && count > 0 && offset < body.total_count)
    return { more: true, nextCursor: `offset=${offset}` };
  return { more: false, nextCursor: undefined };
}

/** A page's place as messages name it: `cursor "…"` or `offset 100`. */
function placeName(place: string): string {
  const [param, value] = place.split(/=(.*)/s) as [string, string];
  return param === 'offset' ? `offset ${value}` : `cursor "${shortened(value)}"`;
}

/** --paginate: the pages of a list, through the one cursor loop of `--all`: one merged body, each body (--slurp), or none (--silent). */
async function paginate(deps: Deps, opts: Opts, first: URL, key: KeyKind, headers: Record<string, string>): Promise<void> {
  const api = await deps.api();
  let previous: string | undefined;
  const fetchPage = async (place: string | undefined): Promise<CursorPage<unknown>> => {
    const url = new URL(first);
    if (place !== undefined) {
      const [param, value] = place.split(/=(.*)/s) as [string, string];
      url.searchParams.set(param, value);
    }
    const res = await api.request({ method: 'GET', url, key, headers });
    let body: unknown;
    try {
      body = readJson(res.text);
    } catch {
      throw responseError(`--paginate needs JSON pages; ${sanitizeField(url.pathname)} answered something else`, res.status);
    }
    refuseDeepNesting(body, `GET ${url.pathname}`, res.status);
    const data = (body as { data?: unknown } | null)?.data;
    if (typeof body !== 'object' || body === null || !Array.isArray(data)) {
      throw responseError(`--paginate needs a list: the answer of ${sanitizeField(url.pathname)} has no "data" array`, res.status);
    }
    const next = nextPage(body as Record<string, unknown>, url, data.length);
    // A server that ignores the offset answers the same page at every one of them.
    if (place?.startsWith('offset=') || next.nextCursor?.startsWith('offset=')) {
      const items = JSON.stringify(data);
      if (place?.startsWith('offset=') && data.length > 0 && items === previous) {
        throw listNeverEnds(`the page at ${placeName(place)} repeats the page before it`);
      }
      previous = items;
    }
    return { body: body as Record<string, unknown>, items: data as unknown[], ...next };
  };
  // A cursor or offset in the path given is where the list starts, and counts as followed.
  const given = ['starting_after', 'offset'].find((param) => first.searchParams.has(param));
  const start = given === undefined ? undefined : `${given}=${first.searchParams.get(given)}`;
  const pages = cursorPages(start, fetchPage, placeName);
  if (opts.silent) {
    for await (const _ of pages);
    return;
  }
  if (opts.slurp) {
    const bodies: unknown[] = [];
    for await (const page of pages) bodies.push(page.body);
    await deps.printer.detail({ body: bodies, view: { kind: 'body' } });
    return;
  }
  // One body whose data holds every item, streamed as the pages arrive (--jq and --jsonl shape it).
  const printer = deps.printer.list<unknown>({ kind: 'body' });
  let last: Record<string, unknown> = {};
  for await (const page of pages) {
    await printer.page(page.items);
    last = page.body;
  }
  await printer.end(withoutField(last, 'data'));
}
