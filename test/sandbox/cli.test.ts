// `gwctl sandbox` and `--sandbox` in-process: what is refused before serving, a port in use, and
// one command against the in-process sandbox. (Serving until a signal: test/e2e/sandbox-serve.test.ts.)
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { gwctl } from '../kit/cli.js';

describe('gwctl sandbox', () => {
  it('refuses a non-loopback --host, a bad --port, --interns or --fault with exit 2 and one line', async () => {
    for (const args of [
      ['--host', '0.0.0.0'],
      ['--host', '192.168.1.10'],
      ['--port', '70000'],
      ['--port', 'x'],
      ['--interns', '3'],
      ['--fault', 'GET /x nonsense'],
      ['--batch-rate-limit', '5/0'],
    ]) {
      const run = await gwctl(['sandbox', ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toHaveLength(1);
      expect(run.stderr).toMatch(/^gwctl: invalid --/);
    }
  });

  it('says so in one line and exits 1 when the port is in use', async () => {
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const run = await gwctl(['sandbox', '--port', String(port)]);
      expect(run.code).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr).toBe(
        `gwctl: cannot listen on 127.0.0.1:${port}: the port is already in use; pick another with --port, or --port 0 for a free one\n`,
      );
    } finally {
      blocker.close();
    }
  });
});

describe('--sandbox', () => {
  it('runs one command against an in-process sandbox', async () => {
    const run = await gwctl(['--sandbox', 'budgets', 'ls', 'production']);
    expect(run.code).toBe(0);
    const rows = run.stdout.trim().split('\n');
    expect(rows).toHaveLength(4);
    ['daily', 'weekly', 'monthly', 'lifetime'].forEach((interval, k) => expect(rows[k]!.split('\t')).toContain(interval));
  });
});
