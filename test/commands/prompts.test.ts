// What a person is asked, in-process with a scripted prompter against the in-process sandbox:
// a confirmation taken or declined, the intern picker, the masked key prompt, and no question
// at all under --no-input or CI. (The same prompts in a real terminal: test/e2e/tty-prompts.test.ts.)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctl, scriptedPrompter } from '../kit/cli.js';
import { useSandbox } from '../kit/sandbox.js';
import { tempConfigDir } from '../kit/spawn.js';

const sandbox = useSandbox();

async function runningIntern(): Promise<{ id: string; name: string }> {
  const r = await gwctl(['interns', 'ls', '--status', 'running', '--limit', '1', '--json'], { env: sandbox().env() });
  return (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data[0]!;
}

describe('interns suspend', () => {
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
});

describe('interns get without an id', () => {
  async function interns(args: string[] = []): Promise<{ id: string; name: string; status: string }[]> {
    const list = await gwctl(['interns', 'ls', ...args, '--json'], { env: sandbox().env() });
    return (JSON.parse(list.stdout) as { data: { id: string; name: string; status: string }[] }).data;
  }

  it('offers a picker over the interns and shows the one picked', async () => {
    const [, second] = await interns(['--limit', '2']);
    const prompter = scriptedPrompter({ search: [{ pick: 1 }] });
    const r = await gwctl(['interns', 'get', '--json'], { env: sandbox().env(), prompter });
    expect(prompter.asked).toEqual(['Which intern to show?']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }).id).toBe(second!.id);
  });

  it('filters as the person types: every word typed in the name, id or status', async () => {
    const target = (await interns(['--limit', '100']))[40]!;
    const prompter = scriptedPrompter({ search: [{ type: `${target.name.toUpperCase()} ${target.status}`, pick: 0 }] });
    const r = await gwctl(['interns', 'get', '--json'], { env: sandbox().env(), prompter });
    expect(r.code).toBe(0);
    expect(prompter.offered).toEqual([[`${target.name}  (${target.status})`, 'Load 100 more…']]);
    expect((JSON.parse(r.stdout) as { id: string }).id).toBe(target.id);
  });

  it('loads older interns on demand, keeping what was typed', async () => {
    const sb = sandbox();
    const older = (await interns(['--limit', '150']))[130]!;
    const prompter = scriptedPrompter({
      search: [
        { type: older.id, pick: 0 },
        { type: older.id, pick: 0 },
      ],
    });
    const r = await gwctl(['interns', 'get', '--json'], { env: sb.env(), prompter });
    expect(r.code).toBe(0);
    expect(prompter.offered).toEqual([
      ['None of the 100 newest matches: load 100 more…'],
      [`${older.name}  (${older.status})`, 'Load 100 more…'],
    ]);
    expect((JSON.parse(r.stdout) as { id: string }).id).toBe(older.id);
    const pages = sb.requests().filter((q) => q.path === '/api/v1/interns');
    expect(pages.map((q) => q.query.limit)).toEqual(['150', '100', '100']);
  });
});

describe('pickers offer only the interns the action applies to', () => {
  it('the suspend picker offers no stopped, destroying or destroy_failed intern', async () => {
    const sb = sandbox();
    const prompter = scriptedPrompter({ search: [{ pick: 0 }], confirm: [false] });
    const r = await gwctl(['interns', 'suspend'], { env: sb.env(), prompter, stdinIsTTY: true, stderrIsTTY: true });
    expect(r.code).toBe(3);
    const shown = prompter.offered[0]!;
    expect(shown.length).toBeGreaterThan(10);
    for (const name of shown.filter((n) => !n.startsWith('Load')))
      expect(name).toMatch(/\((?:awaiting_chat_install|queued|provisioning|running|failed)\)$/);
    expect(sb.requests()[0]!.query.status).toBe('awaiting_chat_install,queued,provisioning,running,failed');
  });

  it('vault secrets without an intern id picks one, and without a terminal says how to give it', async () => {
    const sb = sandbox();
    // The example intern is among the oldest: "load more" until it is shown, then take it.
    const prompter = scriptedPrompter({ search: [0, 1, 2].map(() => ({ type: sb.examples.intern, pick: 0 })) });
    const r = await gwctl(['vault', 'secrets', '--limit', '2', '--jq', '.data[].name'], { env: sb.env(), prompter });
    expect(new Set(prompter.asked)).toEqual(new Set(['Which intern to list the secrets of?']));
    expect(prompter.offered.at(-1)![0]).toMatch(/\(running\)$/);
    expect(r).toMatchObject({ code: 0, stdout: 'aws_access_key\ndatabase_url\n' });
    const refused = await gwctl(['vault', 'secrets'], { env: sb.env() });
    expect(refused).toMatchObject({
      code: 2,
      stdout: '',
      stderr: "gwctl: missing intern id; give one, as in 'gwctl vault secrets <intern-id>' (the picker needs a terminal)\n",
    });
  });
});

describe('auth login', () => {
  it('asks for the key at a masked prompt and stores it, never printing it', async () => {
    const dir = tempConfigDir();
    const key = 'sk-or-v1-prompted-0123456789abcdef';
    const prompter = scriptedPrompter({ password: [key] });
    const r = await gwctl(['auth', 'login', '--insecure-storage', '--no-verify'], { configDir: dir, prompter });
    expect(prompter.asked).toHaveLength(1);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { 'management-key': key } } });
  });
});
