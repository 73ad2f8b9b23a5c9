// The contract's "Bounds", through the built gwctl as a process: Ctrl-C (130) and SIGTERM (143)
// end it within a second whatever it is doing (a --jq program that never ends, a FIFO nobody
// writes to); --jq output streams and a closed pipe ends it; jq has a memory limit; a request
// body is at most 8 MiB; a key command that outlives its limit, or runs when Ctrl-C or SIGTERM
// comes, goes with every process it started, even one in a session of its own; every --interval
// has its floor.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type ScriptedServer } from '../kit/server.js';
import {
  expectNoCrash,
  gwctlShellCommand,
  running,
  runGwctl,
  spawnGwctl,
  tempConfigDir,
  testEnv,
  until,
  type Child,
} from '../kit/spawn.js';

const SIGNALS = [
  ['SIGINT', 130, 'interrupted'],
  ['SIGTERM', 143, 'terminated'],
] as const;

/** Sends `signal` and expects the run to end within a second, with `exit` and one JSON line. */
async function expectStopped(run: Child, signal: NodeJS.Signals, exit: number, word: string): Promise<void> {
  const sent = Date.now();
  run.child.kill(signal);
  const { code } = await run.done;
  expect(Date.now() - sent).toBeLessThan(1_000);
  expect(code).toBe(exit);
  expect(run.stderr()).toBe(`{"error":{"status":null,"message":"${word}","exit_code":${exit}}}\n`);
}

/** A shell pipeline's result (bash, for PIPESTATUS). */
function shell(script: string, env: Record<string, string> = {}): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', ['-c', script], { env: testEnv(env) });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('--jq that never ends', () => {
  it.each([
    ['one page', ['interns', 'ls']],
    ['--all, the merged body', ['interns', 'ls', '--all']],
    ['--watch, an event', ['interns', 'ls', '--watch', '--interval', '0.5']],
  ])('%s: Ctrl-C and SIGTERM end it within a second', async (_, args) => {
    for (const [signal, exit, word] of SIGNALS) {
      // The first output reaches stdout while jq is still running.
      const run = spawnGwctl(['--sandbox', ...args, '--jq', '"started", last(range(1e12))']);
      await until(() => run.stdout() === 'started\n', 15_000);
      await new Promise((r) => setTimeout(r, 300));
      await expectStopped(run, signal, exit, word);
    }
  });

  it('--all, item by item: Ctrl-C ends it within a second', async () => {
    const run = spawnGwctl(['--sandbox', 'interns', 'ls', '--all', '--jq', '.data[] | (.id | length), last(range(1e12))']);
    await until(() => run.stdout() === '36\n', 15_000);
    await expectStopped(run, 'SIGINT', 130, 'interrupted');
  });
});

describe('--jq sorting a large body', () => {
  // 30 MB of items whose ids sort in no order they came in: the subset sorts them (counting
  // its comparisons against its budget and time) or hands them to jq's thread.
  const body = ((): string => {
    const items: string[] = [];
    let size = 0;
    for (let i = 0; size < 30_000_000; i++) {
      const item = JSON.stringify({ id: `i-${(i * 7919) % 1_000_003}-${i}`, name: `intern ${i}`, count: i % 1000 });
      items.push(item);
      size += item.length + 1;
    }
    return `{"data":[${items.join(',')}]}`;
  })();
  let server: ScriptedServer;
  beforeAll(async () => {
    server = await startServer(() => ({ body, headers: { 'content-type': 'application/json' } }));
  });
  afterAll(() => server.close());

  // The sort runs on jq's thread (a body this large is not filtered on the main thread), so
  // SIGTERM is sent once that thread exists: Linux lists a process's threads in /proc.
  it.skipIf(!existsSync('/proc/self/task')).each([0, 400, 800])(
    'SIGTERM %i ms into the sort ends it within a second, exit 143',
    async (after) => {
      server.reset();
      const run = spawnGwctl(['api', 'interns', '--base-url', server.baseUrl, '--jq', '.data | sort_by(.id) | .[0].id'], {
        env: { GWCTL_API_KEY: 'sk-test' },
        timeoutMs: 60_000,
      });
      const threads = (): number => readdirSync(`/proc/${run.child.pid}/task`).length;
      await until(() => server.requests.length === 1, 15_000);
      const before = threads();
      await until(() => threads() > before, 30_000);
      await new Promise((r) => setTimeout(r, after));
      await expectStopped(run, 'SIGTERM', 143, 'terminated');
    },
  );
});

describe('--jq output streams', () => {
  it('an endless output ends when the reader goes (`| head -3`): head gets its lines, gwctl exits 0', async () => {
    const r = await shell(`${gwctlShellCommand()} --sandbox interns ls --jq 'repeat("x")' | head -3; echo "exit: \${PIPESTATUS[*]}" >&2`);
    expect(r.stdout).toBe('x\nx\nx\n');
    expect(r.stderr).toBe('exit: 0 0\n');
  });

  it('a filter past its memory limit is exit 1 with a message, not a crash of the runtime', async () => {
    const r = await runGwctl(['--sandbox', 'interns', 'ls', '--jq', 'reduce range(40) as $i ("x"; . + .) | length'], { timeoutMs: 60_000 });
    expect(r).toMatchObject({
      code: 1,
      stdout: '',
      stderr: '{"error":{"status":null,"message":"--jq: the filter needed more than 1 GiB of memory and was stopped","exit_code":1}}\n',
    });
  });
});

describe('request bodies', () => {
  const fifo = (): string => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'gwctl-fifo-'));
    const file = path.join(dir, 'body');
    spawn('mkfifo', [file]).on('error', () => {});
    return file;
  };

  it.each([
    ['presets create --file', (f: string) => ['--sandbox', 'presets', 'create', 's', '--file', f, '--dry-run']],
    ['api --input', (f: string) => ['--sandbox', 'api', 'interns', '-X', 'POST', '--input', f]],
  ])('%s on a FIFO that nobody writes to: Ctrl-C and SIGTERM end it within a second', async (_, args) => {
    for (const [signal, exit, word] of SIGNALS) {
      const file = fifo();
      await until(() => existsSync(file));
      const run = spawnGwctl([...args(file), '--json']);
      await new Promise((r) => setTimeout(r, 1_500));
      await expectStopped(run, signal, exit, word);
    }
  });

  it('a FIFO that is written to later is read whole', async () => {
    const file = fifo();
    await until(() => existsSync(file));
    const run = spawnGwctl(['--sandbox', 'presets', 'create', 's', '--file', file, '--dry-run', '--json']);
    await new Promise((r) => setTimeout(r, 500));
    spawn('sh', ['-c', `printf '{"model":"m/x"}' > '${file}'`]);
    expect((await run.done).code).toBe(0);
    expect(JSON.parse(run.stdout())).toMatchObject({ model: 'm/x' });
  });

  // /usr/bin/time (GNU time) measures the peak memory.
  it.skipIf(!existsSync('/usr/bin/time'))(
    'more than 8 MiB on stdin is refused with exit 2, having read little more than that',
    async () => {
      const r = await shell(
        `cd '${tempConfigDir()}' && head -c 2500M /dev/zero | /usr/bin/time -f '%M' -o rss ${gwctlShellCommand()} --sandbox presets create s --file - --dry-run; echo "exit: \${PIPESTATUS[1]}" >&2; tail -n 1 rss >&2`,
      );
      const [message, exit, rss] = r.stderr.trimEnd().split('\n').slice(-3);
      expect(message).toBe('gwctl: --file (stdin) is larger than 8 MiB, the most a request body may be');
      expect(exit).toBe('exit: 2');
      expect(Number(rss)).toBeLessThan(200_000);
    },
  );

  it('a file of 8 MiB and one byte is refused; one of 8 MiB is read', async () => {
    const dir = tempConfigDir();
    const r = await shell(
      `cd '${dir}' && head -c 8388609 /dev/zero > big && ${gwctlShellCommand()} --sandbox api interns -X POST --input big; echo "exit: $?" >&2`,
    );
    expect(r.stderr).toBe(`gwctl: --input file "big" is larger than 8 MiB, the most a request body may be\nexit: 2\n`);
    const ok = await shell(
      `cd '${dir}' && { printf '{"model":"'; head -c 8388590 /dev/zero | tr '\\0' x; printf '"}'; } > fits && ${gwctlShellCommand()} --sandbox presets create s --file fits --dry-run --json | head -c 20; echo " exit: \${PIPESTATUS[0]}" >&2`,
    );
    expect(ok.stderr.endsWith(' exit: 0\n')).toBe(true);
  });

  it('api -F a=@f -F b=@g ...: the bound is the whole body, not each value', async () => {
    const dir = tempConfigDir();
    const files = ['a', 'b', 'c', 'd', 'e'];
    const r = await shell(
      `cd '${dir}' && for f in ${files.join(' ')}; do head -c 2097152 /dev/zero | tr '\\0' x > $f; done && ` +
        `${gwctlShellCommand()} --sandbox api interns/x/suspend --dry-run ${files.map((f) => `-F ${f}=@${f}`).join(' ')}; echo "exit: $?" >&2`,
    );
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('gwctl: with -F e file "e", the request body is larger than 8 MiB, the most a request body may be\nexit: 2\n');
  });
});

describe('key commands', () => {
  /**
   * A command line that starts three processes, each writing its pid to a file of `dir`: one in
   * its group, one in a session of its own (`setsid`), and one there whose parent is gone at once
   * (`setsid -f`: found only by the run's mark); then it waits.
   */
  const starting = (dir: string, then: string) =>
    `sleep 30 & echo $! > '${dir}/group.pid'; ` +
    `setsid sh -c 'echo $$ > "${dir}/session.pid"; exec sleep 30' & ` +
    `setsid -f sh -c 'echo $$ > "${dir}/orphan.pid"; exec sleep 30' >/dev/null 2>&1 </dev/null; ${then}`;
  const PIDS = ['group', 'session', 'orphan'];
  const pidsIn = (dir: string) => PIDS.map((name) => Number(readFileSync(path.join(dir, `${name}.pid`), 'utf8')));
  const allWritten = (dir: string) =>
    PIDS.every((name) => existsSync(path.join(dir, `${name}.pid`)) && readFileSync(path.join(dir, `${name}.pid`), 'utf8').trim() !== '');

  it('one that outlives its limit is ended with every process it started, one that left its session too', async () => {
    const dir = tempConfigDir();
    const run = await runGwctl(['interns', 'ls', '--base-url', 'http://127.0.0.1:9/api/v1'], {
      env: { GWCTL_API_KEY_COMMAND: starting(dir, 'wait') },
      timeoutMs: 30_000,
    });
    expect(run.code).toBe(4);
    expect(run.stderr).toContain('did not finish within 10 s');
    const started = pidsIn(dir);
    for (const pid of started) expect(pid).toBeGreaterThan(0);
    await until(() => started.every((pid) => !running(pid)), 1_000);
  }, 40_000);

  /** gwctl started with a key command that starts processes and waits for them, once they run. */
  async function waitingOnKeyCommand(args: readonly string[]): Promise<{ run: Child; started: number[] }> {
    const dir = tempConfigDir();
    const run = spawnGwctl([...args, '--json', '--base-url', 'http://127.0.0.1:9/api/v1'], {
      env: { GWCTL_MANAGEMENT_KEY_COMMAND: starting(dir, 'wait; echo sk-never-printed-0123') },
    });
    await until(() => allWritten(dir), 10_000);
    // The command is under way, not merely started.
    await new Promise((r) => setTimeout(r, 200));
    return { run, started: pidsIn(dir) };
  }

  it.each(SIGNALS)('%s while one runs ends the run within a second (%i), and every process it started', async (signal, exit, word) => {
    const { run, started } = await waitingOnKeyCommand(['byok', 'ls']);
    await expectStopped(run, signal, exit, word);
    await until(() => started.every((pid) => !running(pid)), 1_000);
  });

  it('Ctrl-C while one runs for an action on many targets: untouched, exit 130 within a second', async () => {
    const ids = ['7c9e6679-7425-40de-944b-e07fc1f90ae7', '9b2f4c1e-1f0a-4c1e-9b2f-4c1e9b2f4c1e'];
    const { run, started } = await waitingOnKeyCommand(['interns', 'suspend', ...ids, '--yes']);
    const sent = Date.now();
    run.child.kill('SIGINT');
    const { code } = await run.done;
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(code).toBe(130);
    expect(JSON.parse(run.stderr())).toMatchObject({ error: { message: 'interrupted: 0 of 2 interns done, 2 untouched', exit_code: 130 } });
    await until(() => started.every((pid) => !running(pid)), 1_000);
  });
});

describe('polling floors', () => {
  it.each([
    [['interns', 'wait', '7c9e6679-7425-40de-944b-e07fc1f90ae7', '--for', 'status=running', '--interval', '0.05'], '0.05', '0.1s'],
    [['interns', 'ls', '--watch', '--interval', '0.4'], '0.4', '0.5s'],
    [['batches', 'get', 'batch_x', '--wait', '--interval', '0.001'], '0.001', '0.5s'],
  ])('%j is refused with exit 2 before anything is sent', async (args, value, floor) => {
    const r = await runGwctl(['--sandbox', ...args]);
    expect(r).toMatchObject({ code: 2, stdout: '', stderr: `gwctl: invalid --interval "${value}": must be from ${floor} to 1h\n` });
    expectNoCrash(r.stderr);
  });
});
