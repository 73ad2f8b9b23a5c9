// Properties of every run of the built binary, whatever the arguments and whatever a (scripted,
// loopback) server answers: the exit code is one the contract documents, nothing looks like a
// crash, no key is ever printed (not even in part), and no raw control character reaches
// stdout or stderr. The runs are in-process (runCli over in-memory streams, a clock that
// records waits instead of spending them), so a run costs milliseconds, not a process start.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { EXIT_CODES as DOCUMENTED } from '../../src/core/exit-codes.js';
import { gwctl } from '../kit/cli.js';
import { startServer, type Reply, type ScriptedServer } from '../kit/server.js';
import { tempConfigDir, type RunResult } from '../kit/spawn.js';

// The middle words never survive masking: finding one anywhere is a leak.
const MGMT = 'sk-mgmt-PROPMGMTKEY-0123456789abcdef';
const API = 'sk-api-PROPAPIKEY-fedcba9876543210';
const UUID = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const WS = '89f9f5b2-3f89-4eaf-83ca-5ceae149e8bb';
/** The documented exit codes, from their one home (8, a many-target action with failures, came with the second release). */
const EXIT_CODES = new Set<number>(DOCUMENTED.map((e) => e.code));

const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;

let server: ScriptedServer;
/** What the server answers in the current run, in turn. */
let script: ServerReply[] = [{ kind: 'json', status: 200, body: {} }];

beforeAll(async () => {
  server = await startServer((req, i) => toReply(script[i % script.length]!, req));
});
afterAll(() => server.close());

// ---------------------------------------------------------------------------------------------
// Arguments

const nasty = fc.constantFrom(
  '\u001b[2J',
  '\u001b]0;x\u0007',
  '\u0007',
  '\u009b31m',
  '\u0085',
  '\u202e',
  '\r',
  '\n',
  '\t',
  '\u007f',
  '\b',
  'é',
  '日本',
  '🙂',
  '"',
  "'",
  '\\',
  '%00',
  '../..',
  '',
);
const junk = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }).map((s) => s.replace(/\0/g, '')),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 4 })), { maxLength: 4 }).map((parts) => parts.join('')),
  fc.constantFrom(MGMT, API, `Bearer ${API}`, `x${MGMT}x`),
);
const value = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      UUID,
      WS,
      'batch_abc123',
      'support-bot',
      'openrouter:web_search',
      'production',
      'openai',
      'running,failed',
      '0',
      '1',
      '2',
      '50',
      '101',
      '-1',
      '0.3',
      '1e3',
      'true',
    ),
  },
  { weight: 2, arbitrary: junk },
);

const groupsAndVerbs: readonly (readonly string[])[] = [
  ['endpoints', 'get'],
  ['presets', 'create'],
  ['batches', 'get'],
  ['batches', 'delete'],
  ['interns', 'ls'],
  ['interns', 'list'],
  ['interns', 'get'],
  ['interns', 'suspend'],
  ['vault', 'secrets'],
  ['byok', 'ls'],
  ['budgets', 'ls'],
  ['tools', 'get'],
  ['auth', 'login'],
  ['auth', 'logout'],
  ['auth', 'status'],
  ['config', 'get'],
  ['config', 'set'],
  ['config', 'unset'],
  ['config', 'list'],
  ['config', 'path'],
  ['completion'],
  ['help'],
  ['interns'],
  ['config'],
  [],
];
const switches = [
  '--json',
  '--debug',
  '--sandbox',
  '--no-color',
  '--no-input',
  '--all',
  '--yes',
  '-y',
  '--results',
  '--dry-run',
  '--with-token',
  '--api-key',
  '--help',
  '-h',
  '--version',
  '--',
];
const valued = [
  '--limit',
  '--offset',
  '--status',
  '--workspace',
  '--starting-after',
  '--provider',
  '--model',
  '--max-tokens',
  '--temperature',
  '--system',
  '--file',
  '-p',
  '--profile',
  '--interval',
];

const flag = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...switches).map((f) => [f]) },
  { weight: 5, arbitrary: fc.tuple(fc.constantFrom(...valued), value).map(([f, v]) => [f, v]) },
  { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...valued), value).map(([f, v]) => [`${f}=${v}`]) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('--retries', '--timeout'), fc.constantFrom('0', '1', '-1', 'x', '0.2', '99', ''))
      .map(([f, v]) => [f, v]),
  },
  { weight: 1, arbitrary: junk.map((j) => [`--${j}`]) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      ['--base-url', 'http://gateway.invalid/api/v1'],
      ['--base-url', 'not a url'],
      ['--base-url', 'ftp://127.0.0.1/x'],
      ['--base-url', 'http://u:p@127.0.0.1/'],
    ),
  },
);

const argv = fc
  .tuple(
    fc.constantFrom(...groupsAndVerbs),
    fc.array(value, { maxLength: 3 }),
    fc.array(flag, { maxLength: 5 }),
    fc.array(flag, { maxLength: 2 }),
  )
  .map(([words, positional, flags, before]) => [...before.flat(), ...words, ...positional, ...flags.flat()]);

/** Well-formed commands: the right words, plausible (or now and then junk) positionals and the command's own flags. */
interface Shape {
  words: string[];
  pos?: fc.Arbitrary<string>[];
  valued?: string[];
  switches?: string[];
}
const either = (...good: string[]) => fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...good) }, { weight: 1, arbitrary: junk });
const shapes: Shape[] = [
  { words: ['endpoints', 'get'], pos: [either(UUID)] },
  {
    words: ['presets', 'create'],
    pos: [either('support-bot', 'a')],
    valued: ['--model', '--max-tokens', '--temperature', '--system', '--file'],
    switches: ['--dry-run'],
  },
  { words: ['batches', 'get'], pos: [either('batch_abc123')], switches: ['--results'] },
  { words: ['batches', 'delete'], pos: [either('batch_abc123')], switches: ['--yes'] },
  { words: ['interns', 'ls'], valued: ['--status', '--workspace', '--limit', '--starting-after'], switches: ['--all'] },
  { words: ['interns', 'get'], pos: [either(UUID)] },
  { words: ['interns', 'suspend'], pos: [either(UUID)], switches: ['--yes'] },
  { words: ['vault', 'secrets'], pos: [either(UUID)], valued: ['--limit', '--offset'], switches: ['--all'] },
  { words: ['byok', 'ls'], valued: ['--workspace', '--provider', '--limit', '--offset'], switches: ['--all'] },
  { words: ['budgets', 'ls'], pos: [either(WS, 'production')] },
  { words: ['tools', 'get'], pos: [either('web_search', 'openrouter:web_search')] },
  { words: ['auth', 'status'] },
  { words: ['auth', 'logout'], switches: ['--api-key'] },
  { words: ['auth', 'login'], switches: ['--with-token', '--api-key'] },
  { words: ['config', 'get'], pos: [either('workspace', 'base-url', 'timeout', 'retries')] },
  { words: ['config', 'set'], pos: [either('workspace', 'timeout', 'retries'), value] },
  { words: ['config', 'list'] },
  { words: ['completion'], pos: [either('bash', 'zsh', 'fish')] },
];
const globalFlag = fc.oneof(
  fc.constantFrom(['--json'], ['--debug'], ['--no-color'], ['--no-input'], ['--sandbox']),
  fc.tuple(fc.constantFrom('--retries', '--timeout', '-p'), either('0', '1', '0.3', 'staging')).map(([f, v]) => [f, v]),
);
const wellFormed = fc
  .constantFrom(...shapes)
  .chain((shape) =>
    fc.tuple(
      fc.constant(shape.words),
      fc.tuple(...(shape.pos ?? []).map((p) => p)),
      fc.subarray(shape.switches ?? []),
      fc.array(
        fc.tuple(
          fc.constantFrom(...(shape.valued ?? ['--json'])),
          either('1', '2', '50', 'running', 'running,failed', WS, 'openai', 'openai/gpt-4o', '0.5', '-'),
        ),
        { maxLength: shape.valued ? 3 : 0 },
      ),
      fc.array(globalFlag, { maxLength: 3 }),
    ),
  )
  .map(([words, pos, sw, valuedFlags, globals]) => [...words, ...pos, ...sw, ...valuedFlags.flat(), ...globals.flat()]);

// ---------------------------------------------------------------------------------------------
// Server answers

type ServerReply =
  | { kind: 'json'; status: number; body: unknown; retryAfter?: string; contentType?: string }
  | { kind: 'text'; status: number; body: string; contentType: string }
  | { kind: 'echo'; status: number; where: 'message' | 'field' | 'html' }
  | { kind: 'drop' }
  | { kind: 'slow' }
  | { kind: 'redirect'; status: number; to: string };

const statuses = fc.constantFrom(200, 200, 200, 201, 204, 300, 400, 401, 403, 404, 408, 409, 410, 413, 415, 429, 500, 502, 503, 504, 599);
const text = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.array(fc.oneof(nasty, fc.string({ maxLength: 5 })), { maxLength: 5 }).map((p) => p.join('')),
);
const intern = fc.record({
  id: fc.oneof(fc.constant(UUID), text),
  name: text,
  status: fc.oneof(fc.constantFrom('running', 'failed', 'queued'), text),
  model: fc.option(text),
  hostname: fc.option(text),
  last_failure_message: fc.option(text),
  workspace_id: fc.constant(WS),
  created_at: fc.oneof(fc.constant('2026-09-10T08:30:00.000Z'), text),
});
const plausible = fc.oneof(
  intern,
  fc.record({ data: fc.array(intern, { maxLength: 3 }), has_more: fc.constant(false) }),
  fc.record({
    data: fc.array(
      fc.record({ name: text, hosts: fc.option(fc.array(text, { maxLength: 2 })), fingerprint: fc.option(text), created_at: text }),
      { maxLength: 3 },
    ),
    has_more: fc.boolean(),
  }),
  fc.record({ data: fc.record({ id: text, status: text, model: fc.option(text), name: text }) }),
  fc.record({
    error: fc.record({
      code: fc.oneof(fc.integer(), text),
      message: text,
      metadata: fc.option(fc.record({ reason: text, retryable: fc.boolean() })),
    }),
  }),
  fc.jsonValue({ maxDepth: 3 }),
);
const reply: fc.Arbitrary<ServerReply> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record(
      {
        kind: fc.constant('json' as const),
        status: statuses,
        body: plausible,
        retryAfter: fc.option(fc.constantFrom('0', '3600', 'soon', new Date(Date.now() + 3_600_000).toUTCString()), { nil: undefined }),
        contentType: fc.option(fc.constantFrom('text/plain', 'text/html', 'application/json; charset=utf-8', 'x\u009by'), {
          nil: undefined,
        }),
      },
      { requiredKeys: ['kind', 'status', 'body'] },
    ),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('text' as const),
      status: statuses,
      body: fc.oneof(text, fc.constantFrom('<html><h1>502 Bad Gateway</h1></html>', '{"data":{"id":', '', ' ')),
      contentType: fc.constantFrom('text/html', 'application/json', 'text/plain', 'application/octet-stream'),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('echo' as const),
      status: statuses,
      where: fc.constantFrom('message' as const, 'field' as const, 'html' as const),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'drop' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'slow' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('redirect' as const),
      status: fc.constantFrom(301, 302, 303, 307, 308),
      to: fc.constantFrom('/api/v1/interns', 'http://gateway.invalid/x', 'file:///etc/passwd', 'http://[bad', 'SELF', `/echo?k=KEY`),
    }),
  },
);

function toReply(r: ServerReply, req: { url: string; headers: Record<string, unknown> }): Reply {
  const auth = String(req.headers.authorization ?? 'none');
  switch (r.kind) {
    case 'json':
      return {
        status: r.status,
        body: r.body,
        headers: { ...(r.retryAfter ? { 'retry-after': r.retryAfter } : {}), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
      };
    case 'text':
      return { status: r.status, body: r.body, headers: { 'content-type': r.contentType } };
    case 'echo':
      if (r.where === 'html')
        return { status: r.status, body: `<p>${'z'.repeat(50)}${auth}</p>`, headers: { 'content-type': 'text/html' } };
      if (r.where === 'field')
        return {
          status: r.status,
          body: { id: UUID, name: auth, status: 'running', data: [{ id: UUID, name: auth, status: auth }], has_more: false },
        };
      return {
        status: r.status,
        body: { error: { code: r.status, message: `${'m'.repeat(470)}${auth}`, metadata: { reason: auth, retryable: false } } },
      };
    case 'drop':
      return { drop: true };
    case 'slow':
      return { delayMs: 300, body: {} };
    case 'redirect':
      return { status: r.status, headers: { location: r.to === 'SELF' ? req.url : r.to.replace('KEY', encodeURIComponent(auth)) } };
  }
}

// ---------------------------------------------------------------------------------------------
// The properties' checks

const seen: Record<string, number> = {};
afterAll(() => {
  if (process.env.GWCTL_PROPERTY_STATS) console.log(JSON.stringify(seen));
});

function check(args: readonly string[], r: RunResult): void {
  seen[`exit ${r.code}`] = (seen[`exit ${r.code}`] ?? 0) + 1;
  if (server.requests.length) seen.reached = (seen.reached ?? 0) + 1;
  const context = `argv: ${JSON.stringify(args)}\nexit: ${r.code} ${r.signal ?? ''}\nstdout: ${JSON.stringify(r.stdout.slice(0, 400))}\nstderr: ${JSON.stringify(r.stderr.slice(0, 800))}`;
  const fail = (why: string): never => {
    throw new Error(`${why}\n${context}`);
  };
  if (r.signal !== null || r.code === null || !EXIT_CODES.has(r.code)) fail('undocumented exit');
  const both = r.stdout + r.stderr;
  if (/PROPMGMTKEY|PROPAPIKEY/.test(both)) fail('a key was printed');
  if (RAW_CONTROL.test(r.stdout)) fail('raw control character on stdout');
  if (RAW_CONTROL.test(r.stderr)) fail('raw control character on stderr');
  if (/^\s+at /m.test(r.stderr) || /^(?:[A-Z]\w*Error|Uncaught|node:internal|Node\.js v)/m.test(r.stderr)) fail('crash report on stderr');
  if (/^\s+at .*:\d+:\d+\)?$/m.test(r.stdout)) fail('stack frame on stdout');
  if (r.code !== 0 && r.code !== 130) {
    // A failure ends with its one-line report: `gwctl: ...` or the JSON error object.
    const last = r.stderr.trimEnd().split('\n').at(-1) ?? '';
    if (!last.startsWith('gwctl: ') && !last.startsWith('{"error":')) fail('a failure without its error line');
    if (/(^|\n)gwctl: debug: /.test(`\n${last}`)) fail('a failure without its error line');
  }
}

/** GWCTL_PROPERTY_RUNS scales every property for a deeper run (`GWCTL_PROPERTY_RUNS=10 npx vitest run test/property`). */
const scale = Number(process.env.GWCTL_PROPERTY_RUNS ?? 1);
const runs = (n: number) => ({ numRuns: Math.max(1, Math.round(n * scale)) });

const baseEnv = { GWCTL_MANAGEMENT_KEY: MGMT, GWCTL_API_KEY: API, GWCTL_RETRIES: '0', GWCTL_TIMEOUT: '0.2' };
const run = (args: readonly string[], extra: Record<string, string> = {}) =>
  gwctl(args, { env: { ...baseEnv, GWCTL_BASE_URL: server.baseUrl, ...extra } });

describe('every run ends cleanly', () => {
  it('random arguments from the real commands, flags and junk values', { timeout: 120_000 * Math.max(1, scale) }, async () => {
    await fc.assert(
      fc.asyncProperty(argv, reply, async (args, answer) => {
        script = [answer];
        server.reset();
        check(args, await run(args));
      }),
      runs(50),
    );
  });

  it('well-formed commands with random values, against random answers', { timeout: 120_000 * Math.max(1, scale) }, async () => {
    await fc.assert(
      fc.asyncProperty(wellFormed, fc.array(reply, { minLength: 1, maxLength: 3 }), async (args, answers) => {
        script = answers;
        server.reset();
        check(args, await run(args));
      }),
      runs(60),
    );
  });

  it('random server answers to real commands, with --debug', { timeout: 120_000 * Math.max(1, scale) }, async () => {
    const command = fc.constantFrom(
      ['interns', 'ls'],
      ['interns', 'ls', '--all', '--limit', '2'],
      ['interns', 'get', UUID],
      ['interns', 'suspend', UUID, '--yes'],
      ['vault', 'secrets', UUID, '--all', '--limit', '2'],
      ['byok', 'ls', '--all', '--limit', '2'],
      ['budgets', 'ls', 'production'],
      ['tools', 'get', 'web_search'],
      ['endpoints', 'get', UUID],
      ['batches', 'get', 'batch_abc123', '--results'],
      ['batches', 'delete', 'batch_abc123', '--yes'],
      ['presets', 'create', 'support-bot', '--model', 'openai/gpt-4o'],
    );
    await fc.assert(
      fc.asyncProperty(
        command,
        fc.array(reply, { minLength: 1, maxLength: 4 }),
        fc.subarray(['--json', '--debug', '--no-color']),
        fc.constantFrom('0', '1'),
        async (words, answers, flags, retries) => {
          script = answers;
          server.reset();
          const args = [...words, ...flags];
          check(args, await run(args, { GWCTL_RETRIES: retries }));
        },
      ),
      runs(60),
    );
  });

  it('the same with the keys stored in the profile instead of the environment', { timeout: 120_000 * Math.max(1, scale) }, async () => {
    await fc.assert(
      fc.asyncProperty(argv, fc.array(reply, { minLength: 1, maxLength: 3 }), async (args, answers) => {
        script = answers;
        server.reset();
        const dir = tempConfigDir();
        writeFileSync(
          path.join(dir, 'config.json'),
          JSON.stringify({ profiles: { default: { 'management-key': MGMT, 'api-key': API } } }),
          { mode: 0o600 },
        );
        const r = await gwctl(args, {
          env: {
            GWCTL_BASE_URL: server.baseUrl,
            GWCTL_RETRIES: '0',
            GWCTL_TIMEOUT: '0.2',
            GWCTL_CONFIG_DIR: dir,
            GWCTL_DEBUG: '1',
          },
        });
        check(args, r);
      }),
      runs(40),
    );
  });
});

describe('the checks themselves', () => {
  it('catch what they look for', () => {
    const ok: RunResult = { code: 0, signal: null, stdout: '', stderr: '', ms: 0 };
    expect(() => check([], ok)).not.toThrow();
    expect(() => check([], { ...ok, code: 9 })).toThrow('undocumented exit');
    expect(() => check([], { ...ok, stdout: `x ${MGMT}` })).toThrow('a key was printed');
    expect(() => check([], { ...ok, stderr: 'sk-api-PROPAPIKEY-fe' })).toThrow('a key was printed');
    expect(() => check([], { ...ok, stdout: 'a\u001b[2J' })).toThrow('raw control character on stdout');
    expect(() => check([], { ...ok, stderr: '\u009b' })).toThrow('raw control character on stderr');
    expect(() => check([], { ...ok, code: 1, stderr: 'TypeError: x\n    at f (/a.js:1:2)\n' })).toThrow('crash report');
    expect(() => check([], { ...ok, code: 1, stderr: '' })).toThrow('without its error line');
  });
});
