// --watch as a process: Ctrl-C is exit 130 and SIGTERM 143, each after the events so far; a
// reader that goes away (`| head -3`) ends it with exit 0; its JSON Lines are read by a real jq.
// Against the built gwctl and a churning sandbox in the same process (--sandbox).
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { gwctlShellCommand, spawnGwctl, until } from '../kit/spawn.js';

const churning = { GWCTL_SANDBOX_CHURN: '600', GWCTL_SANDBOX_PACE: '1' };

describe('--watch as a process', () => {
  it.each([
    ['SIGINT', 130, '{"error":{"status":null,"message":"interrupted","exit_code":130}}\n'],
    ['SIGTERM', 143, '{"error":{"status":null,"message":"terminated","exit_code":143}}\n'],
  ] as const)(
    '%s ends the watch with exit %d after the events so far',
    async (signal, code, stderr) => {
      const run = spawnGwctl(['--sandbox', 'interns', 'ls', '--watch', '--interval', '0.5', '--jsonl'], {
        env: churning,
        timeoutMs: 30_000,
      });
      // The first poll's 300 interns, then at least one later poll's changes.
      await until(() => run.stdout().split('\n').length > 302, 20_000);
      run.child.kill(signal);
      const done = await run.done;
      expect(done.code).toBe(code);
      expect(run.stderr()).toBe(stderr);
      const lines = run.stdout().trimEnd().split('\n');
      // Every line written is a whole event.
      for (const line of lines) expect(['added', 'modified', 'deleted']).toContain(JSON.parse(line).type);
    },
    30_000,
  );

  it('| head -3: three events, and both sides exit 0', () => {
    const script = `${gwctlShellCommand()} --sandbox interns ls --watch --jsonl | head -3; echo "exit: \${PIPESTATUS[*]}" >&2`;
    const run = spawnSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...churning } });
    expect(run.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(run.stderr).toBe('exit: 0 0\n');
  });

  it('JSON Lines that a real jq reads, event by event', () => {
    const script = `${gwctlShellCommand()} --sandbox interns ls --watch --jsonl --status running | head -5 | jq -r '.type + " " + .object.status'`;
    const out = execFileSync('bash', ['-c', script], { encoding: 'utf8', env: { ...process.env, ...churning } });
    expect(out).toBe('added running\n'.repeat(5));
  });
});
