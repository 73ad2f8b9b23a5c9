// The seventh release's "Bounds", through the built gwctl as a process against a scripted
// gateway: printing any answer within the size limit takes bounded memory (its peak RSS, read by
// /usr/bin/time, at most 300 MB), however large its layout, into a pipe read slowly; what it
// prints is JSON.stringify's layout of the body, byte for byte. `gwctl api` refuses nesting
// deeper than the typed commands take, with their exit 1 and message.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import { gwctlCommand, runGwctl, tempConfigDir, testEnv } from '../kit/spawn.js';

const KEY = 'sk-mgmt-bounds-0123456789';
const env = { GWCTL_MANAGEMENT_KEY: KEY, GWCTL_API_KEY: KEY };
const PEAK_MB = 300;

/** A BYOK credential as the schema takes it, nesting 500 deep (itself the first level), `id` its only difference. */
function credential(id: string): Record<string, unknown> {
  let models: unknown[] = [];
  for (let level = 2; level < 500; level++) models = [models];
  return {
    id,
    provider: 'openai',
    name: 'primary key',
    label: 'main',
    disabled: false,
    sort_order: 0,
    allowed_models: models,
    created_at: '2026-11-01T00:00:00Z',
  };
}

/** A BYOK list of about `bytes`, served page by page at ?offset and ?limit, and what printing it must give. */
function byokList(bytes: number): { ids: string[]; page: (offset: number, limit: number) => string; printed: Printed } {
  const one = JSON.stringify(credential('byok-000000'));
  const ids = Array.from({ length: Math.ceil(bytes / (one.length + 1)) }, (_, i) => `byok-${String(i).padStart(6, '0')}`);
  const item = JSON.stringify(credential('@'));
  const page = (offset: number, limit: number): string => {
    const items = ids.slice(offset, offset + limit).map((id) => item.replace('"@"', JSON.stringify(id)));
    return `{"data":[${items.join(',')}],"total_count":${ids.length}}`;
  };
  return { ids, page, printed: prettyList(ids) };
}

interface Printed {
  bytes: number;
  sha256: string;
}

/**
 * JSON.stringify's layout of the whole list and a line break, hashed as it is made: each item is
 * JSON.stringify's, two levels in (items differ only in their ids).
 */
function prettyList(ids: string[]): Printed {
  const [before, after] = `    ${JSON.stringify(credential('@'), null, 2).replaceAll('\n', '\n    ')}`.split('"@"') as [string, string];
  const hash = createHash('sha256');
  let bytes = 0;
  const add = (text: string): void => {
    hash.update(text);
    bytes += Buffer.byteLength(text);
  };
  add('{\n  "data": [\n');
  for (const [index, id] of ids.entries()) add(`${index === 0 ? '' : ',\n'}${before}${JSON.stringify(id)}${after}`);
  add(`\n  ],\n  "total_count": ${ids.length}\n}\n`);
  return { bytes, sha256: hash.digest('hex') };
}

interface Measured extends Printed {
  code: number | null;
  stderr: string;
  peakMb: number;
}

/** gwctl under /usr/bin/time, its stdout a pipe read only after a second, then hashed as it comes. */
function measured(args: readonly string[]): Promise<Measured> {
  const peakFile = path.join(tempConfigDir(), 'peak');
  const child = spawn('/usr/bin/time', ['-f', '%M', '-o', peakFile, ...gwctlCommand(), ...args], { env: testEnv(env) });
  const hash = createHash('sha256');
  let bytes = 0;
  let stderr = '';
  child.stdout.pause();
  setTimeout(() => child.stdout.resume(), 1_000);
  child.stdout.on('data', (chunk: Buffer) => {
    hash.update(chunk);
    bytes += chunk.length;
  });
  child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => {
      const peakKb = Number(readFileSync(peakFile, 'utf8').trim().split('\n').pop());
      resolve({ code, stderr, bytes, sha256: hash.digest('hex'), peakMb: Math.round(peakKb / 1024) });
    });
  });
}

let server: ScriptedServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Serves `list` at GET /byok (any path), honouring ?offset and ?limit as the API does. */
function serve(list: ReturnType<typeof byokList>): void {
  server.handle((req) => ({
    headers: { 'content-type': 'application/json' },
    body: list.page(Number(req.query.get('offset') ?? 0), Number(req.query.get('limit') ?? list.ids.length)),
  }));
}

describe('printing a list whose items nest 500 deep, in bounded memory, as JSON.stringify lays it out', () => {
  const small = byokList(1_100_000);
  const large = byokList(3_300_000);

  it.each([
    ['byok ls --json, 1.1 MB (laid out, 478 MB)', small, 1.1, ['byok', 'ls', '--json']],
    ['byok ls --all --json (pages of 100), 1.1 MB', small, 1.1, ['byok', 'ls', '--all', '--json']],
    ['gwctl api byok (a pipe, no --json), 1.1 MB', small, 1.1, ['api', 'byok']],
    ['byok ls --json, 3.3 MB (laid out, 1.4 GB)', large, 3.3, ['byok', 'ls', '--json']],
  ])('%s', { timeout: 180_000 }, async (_, list, sentMb, args) => {
    expect(Math.round(list.page(0, list.ids.length).length / 100_000) / 10).toBe(sentMb);
    serve(list);
    const run = await measured([...args, '--base-url', server.baseUrl]);
    expect({ code: run.code, stderr: run.stderr }).toEqual({ code: 0, stderr: '' });
    expect({ bytes: run.bytes, sha256: run.sha256 }).toEqual(list.printed);
    expect(run.peakMb).toBeLessThanOrEqual(PEAK_MB);
  });
});

describe('gwctl mcp lays out no more of an answer than the result it returns', () => {
  it('byok_ls over the 1.1 MB list nested 500 deep: a result within the bound, in bounded memory', { timeout: 180_000 }, async () => {
    serve(byokList(1_100_000));
    const peakFile = path.join(tempConfigDir(), 'peak');
    const child = spawn('/usr/bin/time', ['-f', '%M', '-o', peakFile, ...gwctlCommand(), 'mcp', '--base-url', server.baseUrl], {
      env: testEnv({ ...env, GWCTL_RETRIES: '0' }),
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const send = (message: object): void => void child.stdin.write(`${JSON.stringify(message)}\n`);
    const answer = async (id: number): Promise<Record<string, unknown>> => {
      for (let i = 0; i < 1_200; i++) {
        const line = out.split('\n').find((l) => l.includes(`"id":${id}`));
        if (line) return JSON.parse(line) as Record<string, unknown>;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no answer ${id}: ${out.slice(0, 500)}`);
    };
    send({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    });
    await answer(1);
    send({ jsonrpc: '2.0', method: 'notifications/initialized' });
    send({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'byok_ls', arguments: {} } });
    const { result } = (await answer(2)) as { result: { content: { text: string }[]; structuredContent: { data: unknown[] } } };
    child.stdin.end();
    await new Promise((resolve) => child.on('close', resolve));
    expect(result.content.every((c) => c.text.length <= 100_000)).toBe(true);
    expect(result.structuredContent.data.length).toBeGreaterThanOrEqual(1);
    const peakKb = Number(readFileSync(peakFile, 'utf8').trim().split('\n').pop());
    expect(peakKb / 1024).toBeLessThanOrEqual(PEAK_MB);
  });
});

describe('gwctl api refuses nesting deeper than the typed commands take, as they do', () => {
  const nested = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const refusal = (name: string): string => `the response to ${name} is nested more than 512 levels deep; gwctl cannot use it`;

  it('40 KB nested 20,000 deep: exit 1 naming the request, never an internal error', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(20_000) }));
    const base = ['--base-url', server.baseUrl];
    expect(await runGwctl(['api', 'deep', ...base], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/deep')}\n`,
    });
    const json = await runGwctl(['api', 'deep', '--json', ...base], { env });
    expect({ code: json.code, stdout: json.stdout }).toEqual({ code: 1, stdout: '' });
    expect(JSON.parse(json.stderr)).toEqual({ error: { status: 200, message: refusal('GET /api/v1/deep'), exit_code: 1 } });
    // The typed command's refusal, word for word but for the name.
    expect(await runGwctl(['byok', 'ls', ...base], { env })).toMatchObject({
      code: 1,
      stderr: `gwctl: HTTP 200: ${refusal('list BYOK credentials')}\n`,
    });
  });

  it('--paginate: each page is held to the same bound', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: `{"data":[${nested(20_000)}]}` }));
    expect(await runGwctl(['api', 'byok', '--paginate', '--base-url', server.baseUrl], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/byok')}\n`,
    });
  });

  it('512 levels print, as JSON.stringify lays them out; 513 do not', async () => {
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(512) }));
    const deepest = await runGwctl(['api', 'deep', '--base-url', server.baseUrl], { env });
    expect(deepest).toMatchObject({ code: 0, stderr: '', stdout: `${JSON.stringify(JSON.parse(nested(512)), null, 2)}\n` });
    server.handle(() => ({ headers: { 'content-type': 'application/json' }, body: nested(513) }));
    expect(await runGwctl(['api', 'deep', '--base-url', server.baseUrl], { env })).toMatchObject({
      code: 1,
      stdout: '',
      stderr: `gwctl: HTTP 200: ${refusal('GET /api/v1/deep')}\n`,
    });
  });
});
