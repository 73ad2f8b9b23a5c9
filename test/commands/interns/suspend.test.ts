// interns suspend against a scripted server: refused before sending without --yes, the result
// line, retries of a busy intern, each documented error status, and against the sandbox what a
// person is asked (the confirmation, the picker) and that nobody is asked under --no-input or CI.
import { describe, expect, it } from 'vitest';
import { scriptedRuns } from '../../kit/scripted-runs.js';
import { envelope } from '../../kit/server.js';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { sandboxRuns } from '../../kit/sandbox.js';

const KEY = 'sk-mgmt-test-0123456789abcdef';
const INTERN = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

const scripted = scriptedRuns({ env: { GWCTL_MANAGEMENT_KEY: KEY }, fallback: { status: 404, body: envelope(404, 'Batch not found.') } });
const run = scripted.run;

describe('interns suspend', () => {
  it('without a terminal and without --yes refuses with exit 2 and sends nothing', async () => {
    const r = await run(['interns', 'suspend', INTERN]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
    expect(scripted.server.requests).toHaveLength(0);
  });

  it('without an id and without a terminal is a usage error', async () => {
    const r = await run(['interns', 'suspend', '--yes']);
    expect(r).toMatchObject({
      code: 2,
      stderr: "gwctl: missing intern id; give ids, - to read them from stdin, or --status, as in 'gwctl interns suspend <id>'\n",
    });
  });

  it('with --yes posts no body and prints the result', async () => {
    scripted.script = () => ({ body: { suspended: true } });
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: 0, stderr: '', stdout: `${INTERN}\tsuspended\n` });
    const [req] = scripted.server.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe(`/api/v1/interns/${INTERN}/suspend`);
    expect(req!.body).toBe('');
    expect(req!.headers['content-type']).toBeUndefined();
    const json = await run(['interns', 'suspend', INTERN, '--yes', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({ suspended: true });
  });

  it('retries a busy intern (409 intern_busy, retryable) and then succeeds', async () => {
    let calls = 0;
    scripted.script = () =>
      ++calls < 3
        ? {
            status: 409,
            headers: { 'retry-after': '0' },
            body: { error: { code: 409, message: 'busy', metadata: { reason: 'intern_busy', retryable: true } } },
          }
        : { body: { suspended: true } };
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: `${INTERN}\tsuspended\n` });
    expect(scripted.server.requests).toHaveLength(3);
  });

  it.each([
    [400, 'invalid_body', false, 2],
    [404, 'not_found', false, 5],
    [409, 'intern_busy', false, 6],
    [413, 'payload_too_large', false, 2],
    [415, 'unsupported_media_type', false, 2],
    [502, 'upstream_unavailable', false, 1],
  ])('maps HTTP %i (%s) to its exit code', async (status, reason, retryable, exit) => {
    scripted.script = () => ({ status, body: { error: { code: status, message: `m${status}`, metadata: { reason, retryable } } } });
    const r = await run(['interns', 'suspend', INTERN, '--yes']);
    expect(r).toMatchObject({ code: exit, stderr: `gwctl: HTTP ${status}: m${status} (reason: ${reason}, retryable: ${retryable})\n` });
  });
});

describe('interns suspend against the sandbox', () => {
  const sandboxed = sandboxRuns();
  const sandbox = sandboxed.sandbox;

  it('stops the intern, as the next interns get shows', async () => {
    const intern = sandboxed.sandbox().examples.intern;
    const r = await sandboxed.run(['interns', 'suspend', intern, '--yes']);
    expect(r).toMatchObject({ code: 0, stdout: `${intern}\tsuspended\n`, stderr: '' });
    expect((await sandboxed.json(['interns', 'get', intern])).status).toBe('stopped');
  });

  it('a busy intern is retried, then exit 6 with the reason', async () => {
    const r = await sandboxed.run(['interns', 'suspend', sandboxed.sandbox().examples.busy_intern, '--yes', '--retries', '1']);
    expect(r.code).toBe(6);
    expect(r.stderr).toMatch(/^gwctl: HTTP 409: .* \(after 2 attempts\) \(reason: intern_busy, retryable: true\)\n$/);
  });

  // What a person is asked (the same prompts in a real terminal: test/e2e/tty-prompts.test.ts).
  async function runningIntern(): Promise<{ id: string; name: string }> {
    const r = await gwctl(['interns', 'ls', '--status', 'running', '--limit', '1', '--json'], { env: sandbox().env() });
    return (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data[0]!;
  }

  it('asks with the intern name; yes suspends', async () => {
    const intern = await runningIntern();
    const prompter = scriptedPrompter({ confirm: [true] });
    // A person at a terminal: the result is said in words.
    const r = await gwctl(['interns', 'suspend', intern.id], {
      env: sandbox().env(),
      prompter,
      stdinIsTTY: true,
      stdoutIsTTY: true,
      stderrIsTTY: true,
    });
    expect(prompter.asked).toEqual([`Suspend intern "${intern.name}" (running)? Its runtime stops; disk and configuration are kept.`]);
    expect(r).toMatchObject({ code: 0, stdout: `Suspended intern ${intern.name} (${intern.id}).\n`, stderr: '' });
    expect(
      sandbox()
        .requests()
        .filter((q) => q.method === 'POST')
        .map((q) => q.path),
    ).toEqual([`/api/v1/interns/${intern.id}/suspend`]);
  });

  it('declined is exit 3 and sends nothing', async () => {
    const intern = await runningIntern();
    const r = await gwctl(['interns', 'suspend', intern.id], { env: sandbox().env(), prompter: scriptedPrompter({ confirm: [false] }) });
    expect(r).toMatchObject({ code: 3, stdout: '', stderr: 'gwctl: cancelled; nothing was changed\n' });
    expect(
      sandbox()
        .requests()
        .filter((q) => q.method === 'POST'),
    ).toHaveLength(0);
  });

  it.each([
    ['--no-input', ['--no-input'], {}],
    ['CI=true', [], { CI: 'true' }],
  ] as const)('with %s nobody is asked: exit 2, pass --yes', async (_name, flags, env) => {
    const prompter = scriptedPrompter({ confirm: [true] });
    const r = await gwctl(['interns', 'suspend', sandbox().examples.intern, ...flags], { env: { ...sandbox().env(), ...env }, prompter });
    expect(prompter.asked).toEqual([]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('pass --yes');
  });

  it('the suspend picker offers every intern, each marked with its status (the API document names none that cannot be suspended)', async () => {
    const sb = sandbox();
    const prompter = scriptedPrompter({ search: [{ pick: 0 }], confirm: [false] });
    const r = await gwctl(['interns', 'suspend'], { env: sb.env(), prompter, stdinIsTTY: true, stderrIsTTY: true });
    expect(r.code).toBe(3);
    const shown = prompter.offered[0]!.filter((n) => !n.startsWith('Load'));
    const listed = JSON.parse((await gwctl(['interns', 'ls', '--limit', '100', '--json'], { env: sb.env() })).stdout) as {
      data: { name: string; status: string }[];
    };
    expect(shown).toEqual(listed.data.map((i) => `${i.name}  (${i.status})`));
    // The sandbox's first page holds the statuses a suspension may meet badly; they are offered, marked.
    for (const status of ['stopped', 'destroying', 'destroy_failed', 'provisioning'])
      expect(shown.some((n) => n.endsWith(`(${status})`))).toBe(true);
    expect(sb.requests()[0]!.query.status).toBeUndefined();
  });

  it('--yes at a terminal names the intern from a read before the suspension (piped: the id, as before)', async () => {
    const intern = await runningIntern();
    const r = await gwctl(['interns', 'suspend', intern.id, '--yes'], { env: sandbox().env(), stdoutIsTTY: true });
    expect(r).toMatchObject({ code: 0, stdout: `Suspended intern ${intern.name} (${intern.id}).\n`, stderr: '' });
    expect(
      sandbox()
        .requests()
        .filter((q) => q.path.includes(intern.id))
        .map((q) => `${q.method} ${q.path}`),
    ).toEqual([`GET /api/v1/interns/${intern.id}`, `POST /api/v1/interns/${intern.id}/suspend`]);
  });

  it('--yes at a terminal with a name that cannot be read: the id once, and the suspension goes on', async () => {
    const intern = await runningIntern();
    sandbox().fault({ match: 'GET /interns', status: 500, times: 10 });
    const r = await gwctl(['interns', 'suspend', intern.id, '--yes', '--retries', '0'], { env: sandbox().env(), stdoutIsTTY: true });
    expect(r).toMatchObject({ code: 0, stdout: `Suspended intern ${intern.id}.\n`, stderr: '' });
  });
});
