// interns get against the sandbox: --json is the body the API serves, and without an id at a
// terminal, the picker (the same prompts in a real terminal: test/e2e/tty-prompts.test.ts).
import { describe, expect, it } from 'vitest';
import { gwctl, scriptedPrompter } from '../../kit/cli.js';
import { sandboxRuns } from '../../kit/sandbox.js';

describe('interns get against the sandbox', () => {
  const sandboxed = sandboxRuns();
  const sandbox = sandboxed.sandbox;

  it('--json is the body the API serves', async () => {
    const { intern } = sandboxed.sandbox().examples;
    await sandboxed.expectServed(['interns', 'get', intern], `/interns/${intern}`);
  });

  // Without an id, at a terminal: the picker.
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
