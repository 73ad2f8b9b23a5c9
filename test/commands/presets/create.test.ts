// presets create against a scripted server: the body from a file and flags, the preview and
// --dry-run, refusals before sending, and each documented error status.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PresetResponseBody } from '../../kit/bodies.js';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { withEnvKeyHint } from '../../kit/hints.js';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope } from '../../kit/server.js';
import { tempConfigDir } from '../../kit/spawn.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';

const preset = (version: number, config: Record<string, unknown>, system: string): PresetResponseBody => ({
  data: {
    id: '650e8400-e29b-41d4-a716-446655440001',
    name: 'support-bot',
    slug: 'support-bot',
    description: null,
    status: 'active',
    status_updated_at: null,
    workspace_id: '750e8400-e29b-41d4-a716-446655440002',
    creator_user_id: 'user_1',
    designated_version_id: '550e8400-e29b-41d4-a716-446655440000',
    designated_version: {
      id: '550e8400-e29b-41d4-a716-446655440000',
      preset_id: '650e8400-e29b-41d4-a716-446655440001',
      version,
      config,
      system_prompt: system,
      creator_id: 'user_1',
      created_at: '2026-04-20T10:00:00Z',
      updated_at: '2026-04-20T10:00:00Z',
    },
    created_at: '2026-04-20T10:00:00Z',
    updated_at: '2026-04-20T10:00:00Z',
  },
});

const scripted = scriptedRuns({ env: { GWCTL_MANAGEMENT_KEY: KEY }, fallback: { status: 404, body: envelope(404, 'Batch not found.') } });
const run = scripted.run;

describe('presets create', () => {
  it('builds the body from a file with flags laid over it, and shows the new version', async () => {
    const dir = tempConfigDir();
    const file = path.join(dir, 'body.json');
    writeFileSync(
      file,
      JSON.stringify({ model: 'openai/gpt-4o', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }], speed: 'fast' }),
    );
    scripted.script = (req) => {
      const sent = JSON.parse(req.body) as Record<string, unknown>;
      return { body: preset(2, { model: sent.model, max_tokens: sent.max_tokens, temperature: sent.temperature }, String(sent.system)) };
    };
    const r = await run(['presets', 'create', 'support-bot', '--file', file, '--temperature', '0.2', '--system', 'Be brief.']);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const [req] = scripted.server.requests;
    expect(req!.path).toBe('/api/v1/presets/support-bot/messages');
    expect(req!.headers['content-type']).toBe('application/json');
    expect(JSON.parse(req!.body)).toEqual({
      model: 'openai/gpt-4o',
      max_tokens: 100,
      messages: [{ role: 'user', content: 'hi' }],
      speed: 'fast',
      temperature: 0.2,
      system: 'Be brief.',
    });
    expect(r.stdout).toBe(
      [
        'slug\tsupport-bot',
        'name\tsupport-bot',
        'id\t650e8400-e29b-41d4-a716-446655440001',
        'status\tactive',
        'version\t2',
        'designated_version_id\t550e8400-e29b-41d4-a716-446655440000',
        'workspace_id\t750e8400-e29b-41d4-a716-446655440002',
        'model\topenai/gpt-4o',
        'max_tokens\t100',
        'temperature\t0.2',
        'system_prompt\tBe brief.',
        '',
      ].join('\n'),
    );
  });

  it('reads the body from stdin with --file -, and --dry-run sends nothing', async () => {
    const r = await run(
      ['presets', 'create', 'support-bot', '--file', '-', '--dry-run'],
      JSON.stringify({ model: 'm', messages: [], stream: true }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({ model: 'm', messages: [], stream: true });
    expect(r.stderr).toBe(
      'Dry run: nothing sent. The service will ignore: messages, stream.\n' +
        'A new version of support-bot would hold only: model.\n' +
        'If the preset already has a version, the fields not given are not carried over from it.\n',
    );
    expect(scripted.server.requests).toHaveLength(0);
  });

  // What a person reads before the version is made, whether or not the slug has one (the API cannot say).
  const PREVIEW =
    'The version of support-triage to create holds:\n' +
    '  model        (not given: this version has none)\n' +
    '  temperature  0.2\n' +
    'If the preset already has a version, the fields not given are not carried over\n' +
    'from it.\n';

  it('at a terminal, shows the version it is about to create and asks: no is exit 3 with nothing sent, yes sends', async () => {
    scripted.script = () => ({ body: preset(3, { temperature: 0.2 }, '') });
    const atTerminal = (prompter: ReturnType<typeof scriptedPrompter>, flags: string[] = []) =>
      gwctl(['presets', 'create', 'support-triage', '--temperature', '0.2', ...flags, '--base-url', scripted.server.baseUrl], {
        env: { GWCTL_MANAGEMENT_KEY: KEY },
        prompter,
        stdinIsTTY: true,
        stderrIsTTY: true,
        columns: 80,
      });
    const no = scriptedPrompter({ confirm: [false] });
    expect(await atTerminal(no)).toMatchObject({ code: 3, stdout: '', stderr: `${PREVIEW}gwctl: cancelled; nothing was changed\n` });
    expect(no.asked).toEqual(['Create this version of support-triage?']);
    expect(scripted.server.requests).toHaveLength(0);
    const yes = scriptedPrompter({ confirm: [true] });
    expect(await atTerminal(yes)).toMatchObject({ code: 0, stderr: PREVIEW });
    expect(scripted.server.requests).toHaveLength(1);
    // --yes skips the question, not what it shows.
    const skipped = scriptedPrompter({ confirm: [false] });
    expect(await atTerminal(skipped, ['--yes'])).toMatchObject({ code: 0, stderr: PREVIEW });
    expect(skipped.asked).toEqual([]);
    expect(scripted.server.requests).toHaveLength(2);
  });

  it('without a terminal to ask on, sends as before: the preview on a terminal stderr, nothing on a piped one', async () => {
    scripted.script = () => ({ body: preset(3, { temperature: 0.2 }, '') });
    const r = await gwctl(['presets', 'create', 'support-triage', '--temperature', '0.2', '--base-url', scripted.server.baseUrl], {
      env: { GWCTL_MANAGEMENT_KEY: KEY },
      stderrIsTTY: true,
      columns: 80,
    });
    expect(r).toMatchObject({ code: 0, stderr: PREVIEW });
    expect(scripted.server.requests).toHaveLength(1);
    // Piped stderr (a script) gets no preview; --dry-run says it in two lines, the body on stdout.
    scripted.server.reset();
    expect((await run(['presets', 'create', 'support-triage', '--temperature', '0.2'])).stderr).toBe('');
    const dry = await run(['presets', 'create', 'support-triage', '--file', '-', '--dry-run'], JSON.stringify({ messages: [] }));
    expect(dry).toMatchObject({
      code: 0,
      stdout: '{\n  "messages": []\n}\n',
      stderr:
        'Dry run: nothing sent. The service will ignore: messages.\n' +
        'A new version of support-triage would hold no settings.\n' +
        'If the preset already has a version, the fields not given are not carried over from it.\n',
    });
    expect(scripted.server.requests).toHaveLength(1);
  });

  it.each([
    [{ model: 'm', fallbacks: [{ model: 'a' }, { model: 'b' }, { model: 'c' }, { model: 'd' }] }, 'fallbacks take at most 3 entries'],
    [{ model: 'm', fallbacks: [{ model: 'a', temperature: 1 }] }, 'each fallback accepts only "model"'],
    [{ model: 'm', fallbacks: [{ model: 'a' }], models: ['b'] }, 'fallbacks cannot be combined with models'],
    [{ model: 'm', session_id: 'x'.repeat(257) }, 'session_id must be at most 256 characters'],
    [{ model: 'm', user: 'u'.repeat(257) }, 'user must be at most 256 characters'],
    [{ model: 'm', speed: 'turbo' }, 'speed must be "fast" or "standard"'],
    [{ model: 'm', stop_server_tools_when: [] }, 'stop_server_tools_when needs at least 1 condition'],
    [{ model: 'm', stop_server_tools_when: [{ type: 'never' }] }, 'each stop_server_tools_when entry must be one of'],
    [{ model: 'm', cache_control: { type: 'persistent' } }, 'cache_control.type must be "ephemeral"'],
    [[1, 2], 'the preset body must be a JSON object'],
  ])('refuses %j with exit 2 before sending', async (body, message) => {
    const r = await run(['presets', 'create', 'support-bot', '--file', '-'], JSON.stringify(body));
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(message);
    expect(r.stderr.split('\n')).toHaveLength(2);
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('refuses a field the messages request does not define, naming the nearest one, with or without --dry-run', async () => {
    for (const flags of [[], ['--dry-run'], ['--yes']]) {
      const r = await run(['presets', 'create', 'support-bot', '--file', '-', ...flags], JSON.stringify({ model: 'm', temprature: 0.2 }));
      expect(r).toMatchObject({
        code: 2,
        stdout: '',
        stderr: 'gwctl: invalid preset body: unknown field "temprature" (did you mean temperature?)\n',
      });
    }
    // A --temperature flag does not hide the mistake of the file.
    const flagged = await run(['presets', 'create', 'x', '--file', '-', '--temperature', '1'], JSON.stringify({ modle: 'm' }));
    expect(flagged.stderr).toBe('gwctl: invalid preset body: unknown field "modle" (did you mean model?)\n');
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('says every problem of the body in one error, in the order of its fields, and how many', async () => {
    const body = {
      model: 7,
      max_token: 100,
      fallbacks: [{ model: 'a' }],
      models: ['b'],
      speed: 'turbo',
      messages: [{ content: 'hi' }],
      cache_control: 'ephemeral',
    };
    const problems = [
      'model must be a string',
      'unknown field "max_token" (did you mean max_tokens?)',
      'speed must be "fast" or "standard"',
      'messages.0.role: each message needs a role',
      'cache_control must be an object',
      'fallbacks cannot be combined with models',
    ];
    const r = await run(['presets', 'create', 'support-bot', '--file', '-'], JSON.stringify(body));
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `gwctl: invalid preset body: 6 problems: ${problems.join('; ')}\n` });
    const json = await run(['presets', 'create', 'support-bot', '--file', '-', '--json'], JSON.stringify(body));
    expect(JSON.parse(json.stderr)).toEqual({
      error: { status: null, message: `invalid preset body: 6 problems: ${problems.join('; ')}`, exit_code: 2 },
    });
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('past 20 problems, the error counts them all and lists the first 20', async () => {
    const body = Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`x${i}`, i]));
    const r = await run(['presets', 'create', 'support-bot', '--file', '-'], JSON.stringify(body));
    const listed = Array.from({ length: 20 }, (_, i) => `unknown field "x${i}"`);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      new RegExp(`^gwctl: invalid preset body: 25 problems: ${listed.join('; ')}; and 5 more; the fields of a messages request: `),
    );
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('a field with no near one: the hint lists the fields of a messages request', async () => {
    const r = await run(
      ['presets', 'create', 'support-bot', '--file', '-', '--json'],
      JSON.stringify({ model: 'm', system_prompt: 'Be brief.' }),
    );
    expect(r.code).toBe(2);
    const { error } = JSON.parse(r.stderr) as { error: { message: string; hint: string } };
    expect(error.message).toBe('invalid preset body: unknown field "system_prompt"');
    expect(error.hint).toMatch(/^the fields of a messages request: model, max_tokens, temperature, system, .*, messages, stream, prompt$/);
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('fields the request defines but a preset does not keep are still sent', async () => {
    scripted.script = () => ({ body: preset(1, { model: 'm' }, '') });
    const sent = { model: 'm', messages: [{ role: 'user', content: 'hi' }], stream: false, prompt: 'p' };
    expect((await run(['presets', 'create', 'support-bot', '--file', '-'], JSON.stringify(sent))).code).toBe(0);
    expect(JSON.parse(scripted.server.requests[0]!.body)).toEqual(sent);
  });

  it('refuses a bad slug, bad JSON and an empty request before sending', async () => {
    expect((await run(['presets', 'create', 'a/b', '--model', 'm'])).code).toBe(2);
    expect(await run(['presets', 'create', 'x', '--file', '-'], '{oops')).toMatchObject({ code: 2 });
    expect(await run(['presets', 'create', 'x'])).toMatchObject({
      code: 2,
      stderr:
        'gwctl: nothing to store; give --file PATH (or --file - for stdin), or at least one of --model, --max-tokens, --temperature, --system\n',
    });
    expect(scripted.server.requests).toHaveLength(0);
  });

  it.each([
    [400, 2],
    [401, 4],
    [403, 4],
    [404, 5],
    [409, 6],
    [500, 7],
  ])('maps HTTP %i to its exit code, sending once', async (status, exit) => {
    scripted.script = () => ({ status, body: { error: { code: status, message: `m${status}` } } });
    const r = await run(['presets', 'create', 'support-bot', '--model', 'm']);
    expect(r).toMatchObject({
      code: exit,
      stderr: `gwctl: HTTP ${status}: ${withEnvKeyHint(status, `m${status}`, 'management', KEY)}${status === 500 ? ' (after 4 attempts)' : ''}\n`,
    });
  });
});

describe('presets create against the sandbox', () => {
  const { json } = sandboxRuns();

  it('makes version 1 of a new slug and the next version of an existing one', async () => {
    const first = await json(['presets', 'create', 'fresh-slug', '--model', 'openai/gpt-4o', '--system', 'Be brief.']);
    expect(first.data.designated_version.version).toBe(1);
    expect(first.data.designated_version.system_prompt).toBe('Be brief.');
    const next = await json(['presets', 'create', 'fresh-slug', '--model', 'openai/gpt-4o-mini', '--max-tokens', '50']);
    expect(next.data.designated_version.version).toBe(2);
    expect(next.data.designated_version.config).toMatchObject({ model: 'openai/gpt-4o-mini', max_tokens: 50 });
  });

  it('--sandbox --jsonl prints the answer as one line and nothing after it', async () => {
    const r = await gwctl(['--sandbox', 'presets', 'create', 'p', '--model', 'm', '--system', 's', '--jsonl']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const lines = r.stdout.split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toBe('');
    const body = JSON.parse(lines[0]!);
    expect(body.data.slug).toBe('p');
    expect(body.data.designated_version.system_prompt).toBe('s');
  });
});
