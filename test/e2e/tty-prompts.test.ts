// A person at a real terminal: tmux runs gwctl against the built-in sandbox, send-keys
// answers the prompts, capture-pane reads the screen.
import { execFileSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';
import { startTestSandbox } from '../kit/sandbox.js';
import { gwctlShellCommand, tempConfigDir } from '../kit/spawn.js';

function has(tool: string): boolean {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const hasTmux = has('tmux');
if (!hasTmux) console.warn('tty-prompts: tmux is not installed, so the real-terminal prompt tests are skipped (apt-get install tmux)');

const session = `gwctl-prompts-${process.pid}`;
const configDir = tempConfigDir();

function tmux(...args: string[]): string {
  return execFileSync('tmux', args, { encoding: 'utf8' });
}

function screen(): string {
  return tmux('capture-pane', '-p', '-t', session);
}

async function waitFor(text: string | RegExp, timeoutMs = 15_000): Promise<string> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const shown = screen();
    if (typeof text === 'string' ? shown.includes(text) : text.test(shown)) return shown;
    if (Date.now() > until) throw new Error(`timed out waiting for ${String(text)}; screen:\n${shown}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Starts `gwctl ARGS` in a fresh 100x30 terminal; the shell prints EXIT=<code> when it ends. */
function start(args: string, env: Record<string, string> = {}): void {
  const extra = Object.entries(env)
    .map(([name, value]) => `${name}=${value} `)
    .join('');
  const command = `${extra}GWCTL_CONFIG_DIR=${configDir} GWCTL_SANDBOX_PACE=0 ${gwctlShellCommand()} ${args}; echo EXIT=$?`;
  tmux('new-session', '-d', '-s', session, '-x', '100', '-y', '30', 'env', '-u', 'CI', 'PS1=$ ', 'bash', '--norc', '--noprofile');
  tmux('send-keys', '-t', session, command, 'Enter');
}

/** The question of deleting batch_a and batch_b, answered no: exit 3, nothing deleted. */
async function declinesDeletingTwoBatches(): Promise<void> {
  const asked = await waitFor('Delete ');
  expect(asked).toContain('Delete 2 batches, starting with batch_a, with their stored requests and results?');
  tmux('send-keys', '-t', session, 'n', 'Enter');
  const done = await waitFor(/EXIT=\d+/);
  expect(done).toContain('gwctl: cancelled; nothing was changed');
  expect(done).toContain('EXIT=3');
}

afterEach(() => {
  if (hasTmux) {
    try {
      tmux('kill-session', '-t', session);
    } catch {
      // already gone
    }
  }
});

async function runningIntern(): Promise<{ id: string; name: string }> {
  const r = await gwctl(['--sandbox', 'interns', 'ls', '--status', 'running', '--limit', '1', '--json']);
  return (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data[0]!;
}

describe.skipIf(!hasTmux)('prompts in a real terminal (tmux)', () => {
  it('suspend asks with the intern name; yes suspends', async () => {
    const intern = await runningIntern();
    start(`--sandbox interns suspend ${intern.id}`);
    const asked = await waitFor('Suspend intern');
    expect(asked).toContain(`Suspend intern "${intern.name}" (running)?`);
    tmux('send-keys', '-t', session, 'y', 'Enter');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toContain(`Suspended intern ${intern.name} (${intern.id}).`);
    expect(done).toContain('EXIT=0');
  });

  it('suspend declined is exit 3 and changes nothing', async () => {
    const intern = await runningIntern();
    start(`--sandbox interns suspend ${intern.id}`);
    await waitFor('Suspend intern');
    tmux('send-keys', '-t', session, 'n', 'Enter');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toContain('gwctl: cancelled; nothing was changed');
    expect(done).toContain('EXIT=3');
  });

  it('Ctrl-C at the confirmation is exit 130 with no stack trace', async () => {
    const intern = await runningIntern();
    start(`--sandbox interns suspend ${intern.id}`);
    await waitFor('Suspend intern');
    tmux('send-keys', '-t', session, 'C-c');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toContain('EXIT=130');
    expect(done).not.toMatch(/^\s+at /m);
  });

  it('suspend by selector asks once with how many and the first three by name and id; yes suspends, shows a table and the counts', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'ls', '--status', 'failed', '--all', '--json']);
    const failed = (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data;
    expect(failed.length).toBeGreaterThan(1);
    start('--sandbox interns suspend --status failed');
    const asked = await waitFor('Suspend ');
    // The question is broken at spaces to the terminal's width.
    const named = failed.slice(0, 3).map((i) => `"${i.name}" (${i.id})`);
    const more = failed.length > 3 ? ` and ${failed.length - 3} more` : '';
    expect(asked.replace(/\s+/g, ' ')).toContain(`Suspend ${failed.length} interns, starting with ${named.join(', ')}${more}?`);
    tmux('send-keys', '-t', session, 'y', 'Enter');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toMatch(/ID\s+NAME\s+RESULT/);
    expect(done).toMatch(new RegExp(`${failed[0]!.id}\\s+.*suspended`));
    expect(done.replace(/\s+/g, ' ')).toContain(`${failed.length} interns: ${failed.length} suspended, 0 failed.`);
    expect(done).toContain('EXIT=0');
  });

  it('Ctrl-C in a fleet at a terminal: the summary and what was done, not a row for each untouched target', async () => {
    const sb = await startTestSandbox({ faults: ['POST /interns/ delay=300'] });
    try {
      start('interns suspend --status failed --yes --concurrency 1', sb.env());
      await waitFor(/\] [2-9]\/\d+/, 30_000);
      tmux('send-keys', '-t', session, 'C-c');
      const done = await waitFor(/EXIT=\d+/, 15_000);
      expect(done).toContain('EXIT=130');
      expect(done).not.toContain('not attempted');
      const counts = /(\d+) interns: (\d+) suspended, 0 failed, (\d+) untouched\./.exec(done.replace(/\s+/g, ' '));
      expect(counts, done).not.toBeNull();
      const [, all, suspended, untouched] = counts!.map(Number);
      expect(suspended! + untouched!).toBe(all);
      // One row a target done: each names its result.
      expect(done.match(/\bsuspended\b/g)!.length).toBeGreaterThanOrEqual(suspended!);
    } finally {
      await sb.close();
    }
  });

  it('many targets show a progress bar (done / failed / total) on stderr while they run', async () => {
    const sb = await startTestSandbox({ faults: ['POST /interns/ delay=150'] });
    try {
      start('interns suspend --status failed --yes --concurrency 1', sb.env());
      const running = await waitFor(/\] \d+\/\d+/);
      expect(running).toMatch(/\[=* *\] \d+\/\d+/);
      const done = await waitFor(/EXIT=\d+/, 30_000);
      expect(done).toContain('EXIT=0');
      expect(done).toMatch(/ID\s+NAME\s+RESULT/);
    } finally {
      await sb.close();
    }
  });

  it('interns wait shows the current status on stderr, then the deadline is exit 7', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'ls', '--status', 'provisioning', '--limit', '1', '--json']);
    const intern = (JSON.parse(r.stdout) as { data: { id: string }[] }).data[0]!;
    start(`--sandbox interns wait ${intern.id} --for status=running --timeout 3s --interval 0.2`);
    const waiting = await waitFor(`Waiting: ${intern.id} provisioning`);
    expect(waiting).not.toMatch(/EXIT=\d/);
    const done = await waitFor(/EXIT=\d+/);
    // Broken at spaces to the terminal's width: each break stands for a space.
    expect(done.replace(/\n/g, ' ')).toContain(
      `gwctl: timed out after 3s waiting for status=running: ${intern.id} is provisioning (reason: wait_timeout)`,
    );
    expect(done).toContain('EXIT=7');
  });

  it('batches delete with several ids, declined: exit 3 and nothing deleted', async () => {
    start('--sandbox batches delete batch_a batch_b');
    await declinesDeletingTwoBatches();
  });

  it('suspend - at a terminal says it reads ids until Ctrl-D, then asks on the terminal; yes suspends', async () => {
    const intern = await runningIntern();
    start('--sandbox interns suspend -');
    await waitFor('reading ids from stdin; Ctrl-D to end');
    tmux('send-keys', '-t', session, intern.id, 'Enter');
    tmux('send-keys', '-t', session, 'C-d');
    const asked = await waitFor('Suspend intern');
    expect(asked).toContain(`Suspend intern "${intern.name}" (${intern.id})?`);
    tmux('send-keys', '-t', session, 'y', 'Enter');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toMatch(new RegExp(`${intern.id}\\s+.*suspended`));
    expect(done).not.toContain('internal error');
    expect(done).toContain('EXIT=0');
  });

  it('batches delete - at a terminal, declined on the terminal: exit 3 and nothing deleted', async () => {
    start('--sandbox batches delete -');
    await waitFor('reading ids from stdin; Ctrl-D to end');
    tmux('send-keys', '-t', session, 'batch_a', 'Enter', 'batch_b', 'Enter');
    tmux('send-keys', '-t', session, 'C-d');
    await declinesDeletingTwoBatches();
  });

  it('interns get without an id offers a picker over the interns', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'ls', '--limit', '2', '--json']);
    const [, second] = (JSON.parse(r.stdout) as { data: { id: string; name: string }[] }).data;
    start('--sandbox interns get');
    await waitFor('Which intern to show?');
    tmux('send-keys', '-t', session, 'Down');
    await waitFor(`❯ ${second!.name}`);
    tmux('send-keys', '-t', session, 'Enter');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toContain(second!.id);
    expect(done).toMatch(/Name\s+/);
    expect(done).toContain('EXIT=0');
  });

  it('the picker filters as you type, and Escape cancels it: exit 3', async () => {
    const r = await gwctl(['--sandbox', 'interns', 'ls', '--limit', '60', '--json']);
    const target = (JSON.parse(r.stdout) as { data: { id: string; name: string; status: string }[] }).data[50]!;
    start('--sandbox interns get');
    await waitFor('Which intern to show?');
    tmux('send-keys', '-t', session, '-l', target.name);
    // The one intern of that name is the first choice; the newest ones are gone from the list.
    await waitFor(`❯ ${target.name}  (${target.status})`);
    tmux('send-keys', '-t', session, 'Enter');
    const picked = await waitFor(/EXIT=\d+/);
    expect(picked).toContain(target.id);
    expect(picked).toContain('EXIT=0');
    tmux('kill-session', '-t', session);

    start('--sandbox interns get');
    await waitFor('Which intern to show?');
    tmux('send-keys', '-t', session, '-l', 'no-such-intern');
    await waitFor('None of the 100 newest matches: load 100 more');
    tmux('send-keys', '-t', session, 'Escape');
    const done = await waitFor(/EXIT=\d+/);
    expect(done).toContain('gwctl: cancelled; nothing was picked');
    expect(done).toContain('EXIT=3');
  });
});
