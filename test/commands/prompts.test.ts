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
  it('offers a picker over the interns and shows the one picked', async () => {
    const list = await gwctl(['interns', 'ls', '--limit', '2', '--json'], { env: sandbox().env() });
    const [, second] = (JSON.parse(list.stdout) as { data: { id: string; name: string }[] }).data;
    const prompter = scriptedPrompter({ select: [1] });
    const r = await gwctl(['interns', 'get', '--json'], { env: sandbox().env(), prompter });
    expect(prompter.asked).toEqual(['Which intern to show?']);
    expect(r.code).toBe(0);
    expect((JSON.parse(r.stdout) as { id: string }).id).toBe(second!.id);
  });
});

describe('auth login', () => {
  it('asks for the key at a masked prompt and stores it, never printing it', async () => {
    const dir = tempConfigDir();
    const key = 'sk-or-v1-prompted-0123456789abcdef';
    const prompter = scriptedPrompter({ password: [key] });
    const r = await gwctl(['auth', 'login'], { configDir: dir, prompter });
    expect(prompter.asked).toHaveLength(1);
    expect(r.code).toBe(0);
    expect(r.stdout + r.stderr).not.toContain(key);
    expect(JSON.parse(readFileSync(path.join(dir, 'config.json'), 'utf8'))).toEqual({ profiles: { default: { 'management-key': key } } });
  });
});
