// What a newcomer sees at a real terminal (tmux, 60 and 80 columns) where gwctl used to stop or
// mislead them: a refusal to ask names its real cause and what to do instead, and the narrow
// intern table keeps the id, the name and the status whole before anything else.
// Skips, saying why, when tmux is not installed.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { gwctl } from '../kit/cli.js';
import { envelope, startServer } from '../kit/server.js';
import { running, tempConfigDir, until } from '../kit/spawn.js';
import { liveScreen, onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

const TERMINAL = { TERM: 'xterm', NO_COLOR: '1' };

/** The sandbox's first interns, piped: id, name, status. */
async function interns(limit: number): Promise<string[][]> {
  const run = await gwctl(['--sandbox', 'interns', 'ls', '--limit', String(limit)]);
  expect(run.code).toBe(0);
  return run.stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split('\t').slice(0, 3));
}

describe.skipIf(missing.tmux)(`at the terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  it('ids on stdin from a file: the refusal says stdin is not a terminal and to pass --yes', { timeout: 60_000 }, async () => {
    const ids = path.join(tempConfigDir(), 'ids.txt');
    writeFileSync(ids, (await interns(2)).map(([id]) => id).join('\n') + '\n');
    const screen = await onScreen(['--sandbox', 'interns', 'suspend', '-'], TERMINAL, 80, 20, { stdinFile: ids });
    expect(screen.exit).toBe(2);
    expect(screen.stderr).toBe(
      'gwctl: refusing to act without confirmation: stdin is not a terminal, so nobody can be asked; pass --yes to act without asking\n',
    );
  });

  it.each([
    ['CI=1', [], { CI: '1' }, 'CI is set'],
    ['--no-input', ['--no-input'], {}, '--no-input was given'],
  ] as const)(
    'auth login with %s at a terminal names that as the reason, and --with-token',
    { timeout: 60_000 },
    async (_n, flags, env, why) => {
      const screen = await onScreen(['auth', 'login', ...flags], { ...TERMINAL, ...env }, 80, 20);
      expect(screen.exit).toBe(2);
      expect(screen.stderr).toBe(
        `gwctl: cannot ask for the key: ${why}; pipe the key in with --with-token, as in 'printenv MY_KEY | gwctl auth login --with-token'\n`,
      );
    },
  );

  it(
    'interns ls at 80 columns: id, name and status whole (the age gives way); at 60 the id stays whole, the name and status give way',
    { timeout: 60_000 },
    async () => {
      const rows = await interns(12);
      const [at80, at60] = await Promise.all(
        [80, 60].map((width) => onScreen(['--sandbox', 'interns', 'ls', '--limit', '12'], TERMINAL, width, 30)),
      );
      const table80 = at80!.text.split('\n');
      expect(table80[0]).toMatch(/^ID {2,}NAME {2,}STATUS$/);
      rows.forEach(([id, name, status], i) => expect(table80[i + 1]!.split(/ {2,}/)).toEqual([id, name, status]));
      expect(at80!.stderr).toContain('columns hidden (model, hostname, created_at)');
      const table60 = at60!.text.split('\n').slice(0, rows.length + 1);
      for (const line of table60) expect(displayWidth(line)).toBeLessThanOrEqual(60);
      expect(table60[0]).toMatch(/^ID {2,}NAME {2,}STATUS$/);
      rows.forEach(([id], i) => expect(table60[i + 1]!.split(/ {2,}/)[0]).toBe(id));
      expect(at60!.stderr).toMatch(/columns hidden \(model, hostname, created_at\)/);
    },
  );

  it(
    'ids from stdin: the results name each intern; --dry-run reads them, says what would happen to each and counts them',
    { timeout: 60_000 },
    async () => {
      const rows = await interns(3);
      const ids = path.join(tempConfigDir(), 'ids.txt');
      writeFileSync(ids, rows.map(([id]) => id).join('\n') + '\n');
      const [acted, dry] = await Promise.all([
        onScreen(['--sandbox', 'interns', 'suspend', '--yes', '-'], TERMINAL, 120, 20, { stdinFile: ids }),
        onScreen(['--sandbox', 'interns', 'suspend', '--dry-run', '-'], TERMINAL, 80, 20, { stdinFile: ids }),
      ]);
      const results = acted!.text.split('\n');
      expect(results[0]).toMatch(/^ID {2,}NAME {2,}RESULT$/);
      rows.forEach(([id, name], i) => expect(results[i + 1]!.split(/ {2,}/).slice(0, 2)).toEqual([id, name]));
      expect(dry!.exit).toBe(0);
      const table = dry!.text.split('\n');
      // No reason to show: that empty column gives the names its room (cut only where a status is long).
      expect(table[0]).toMatch(/^ID {2,}NAME {2,}STATUS {2,}EXPECTED$/);
      rows.forEach(([id, name, status], i) => {
        const [shownId, shownName, ...rest] = table[i + 1]!.split(/ {2,}/);
        expect([shownId, ...rest]).toEqual([id, status, 'would-act']);
        expect(name!.startsWith(shownName!.replace(/…$/, ''))).toBe(true);
      });
      // The line of counts: one line, as stderr is a file here.
      expect(dry!.stderr).toBe('3 interns: 3 would be suspended, 0 would fail; nothing was changed, only read (dry run).\n');
    },
  );

  it('interns wait A B: a 404 says which intern it is about', { timeout: 60_000 }, async () => {
    const known = (await interns(1))[0]![0]!;
    const unknown = '00000000-0000-4000-8000-000000000001';
    const screen = await onScreen(['--sandbox', 'interns', 'wait', known, unknown, '--for', 'status=running'], TERMINAL, 80, 20);
    expect(screen.exit).toBe(5);
    expect(screen.stderr).toContain(`gwctl: HTTP 404: Intern not found (intern ${unknown})`);
  });

  it('--profile nope: says the profile does not exist and lists the profiles', { timeout: 60_000 }, async () => {
    const dir = tempConfigDir();
    writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { default: {}, work: {} } }), { mode: 0o600 });
    const env = { ...TERMINAL, GWCTL_CONFIG_DIR: dir };
    const [flag, variable] = await Promise.all([
      onScreen(['--profile', 'nope', 'interns', 'ls'], env, 80, 20),
      onScreen(['interns', 'ls'], { ...env, GWCTL_PROFILE: 'nope' }, 80, 20),
    ]);
    const hint = "; pick one of them, or make it with 'gwctl auth login --profile nope'\n";
    expect(flag).toMatchObject({ exit: 2, stderr: `gwctl: profile "nope" does not exist (the profiles are: default, work)${hint}` });
    expect(variable).toMatchObject({
      exit: 2,
      stderr: `gwctl: profile "nope" (from GWCTL_PROFILE) does not exist (the profiles are: default, work)${hint}`,
    });
  });

  it('a 403 says which key was sent and where it came from, as a 401 does', { timeout: 60_000 }, async () => {
    const server = await startServer(() => ({ status: 403, body: envelope(403, 'Only management keys can perform this operation') }));
    try {
      const key = 'sk-mgmt-forbidden-0123456789abcd';
      const dir = tempConfigDir();
      // The profile's base URL is the server's: a stored key is bound to its profile's origin.
      const work = { 'base-url': server.baseUrl, 'management-key': key };
      writeFileSync(path.join(dir, 'config.json'), JSON.stringify({ profiles: { work } }), { mode: 0o600 });
      const env = { ...TERMINAL, GWCTL_BASE_URL: server.baseUrl, GWCTL_CONFIG_DIR: dir };
      const args = ['endpoints', 'get', '00000000-0000-4000-8000-000000000009'];
      const [fromEnv, fromProfile] = await Promise.all([
        onScreen(args, { ...env, GWCTL_MANAGEMENT_KEY: key }, 80, 20),
        onScreen(['--profile', 'work', ...args], env, 80, 20),
      ]);
      const said = 'gwctl: HTTP 403: Only management keys can perform this operation; the management key sk-mgm…abcd';
      const end = 'was accepted but may not do this; use a key with access to it\n';
      expect(fromEnv).toMatchObject({ exit: 4, stderr: `${said} from GWCTL_MANAGEMENT_KEY ${end}` });
      expect(fromProfile).toMatchObject({ exit: 4, stderr: `${said} of profile "work" (from the config file) ${end}` });
    } finally {
      await server.close();
    }
  });

  it('an intern being provisioned shows its step as words, not raw JSON', { timeout: 60_000 }, async () => {
    const found = await gwctl(['--sandbox', 'interns', 'ls', '--status', 'provisioning', '--limit', '1', '--jq', '.data[0].id']);
    const id = found.stdout.trim();
    const screen = await onScreen(['--sandbox', 'interns', 'get', id], { ...TERMINAL, GWCTL_SANDBOX_PACE: '0' }, 80, 30);
    expect(screen.exit).toBe(0);
    const progress = screen.text.split('\n').find((line) => line.startsWith('Progress'));
    expect(progress).toMatch(/^Progress {2,}[A-Z][a-z ]+ \(step \d of \d\)$/);
  });

  it('--sandbox auth login and logout are refused, and the real profile is left alone', { timeout: 60_000 }, async () => {
    const dir = tempConfigDir();
    const env = { ...TERMINAL, GWCTL_CONFIG_DIR: dir };
    const [login, logout] = await Promise.all([
      onScreen(['--sandbox', 'auth', 'login'], env, 80, 20),
      onScreen(['--sandbox', 'auth', 'logout'], env, 80, 20),
    ]);
    const hint =
      "; --sandbox needs no login (it uses its demo keys); to practise logging in, start 'gwctl sandbox' and log in to a profile of its own with the base URL and key it prints\n";
    expect(login).toMatchObject({
      exit: 2,
      stderr: `gwctl: --sandbox does not go with auth login: it would store a key in your profile "default", not the sandbox's${hint}`,
    });
    expect(logout).toMatchObject({
      exit: 2,
      stderr: `gwctl: --sandbox does not go with auth logout: it would remove the keys of your profile "default", not the sandbox's${hint}`,
    });
    expect(readdirSync(dir)).toEqual([]);
  });

  it(
    'a key command that asks for a passphrase: no spinner over its prompt, and more than 10 s to type it',
    { timeout: 90_000 },
    async () => {
      const typed = 'sk-api-typed-at-the-prompt-0123';
      const server = await startServer(() => ({ body: { data: [], has_more: false } }));
      const dir = tempConfigDir();
      const ask = path.join(dir, 'ask.sh');
      writeFileSync(ask, 'printf \'passphrase: \' >/dev/tty; read p </dev/tty; echo "$p"\n');
      const screen = liveScreen(
        ['interns', 'ls'],
        { TERM: 'xterm-256color', GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY_COMMAND: `sh ${ask}`, GWCTL_CONFIG_DIR: dir },
        80,
        10,
        { stderrOnScreen: true },
      );
      try {
        const lines = await screen.until('the prompt', (l) => l.some((line) => line.includes('passphrase:')));
        expect(lines.filter(Boolean)).toEqual(['passphrase:']);
        // The old limit was 10 s: a person takes longer than that to find a passphrase.
        await new Promise((r) => setTimeout(r, 11_000));
        expect(screen.lines().filter(Boolean)).toEqual(['passphrase:']);
        screen.keys(typed, 'Enter');
        expect((await screen.exit()).exit).toBe(0);
        expect(screen.lines().filter(Boolean)).toEqual([`passphrase: ${typed}`, 'No interns.']);
        expect(server.requests.map((r) => r.headers.authorization)).toEqual([`Bearer ${typed}`]);
      } finally {
        screen.close();
        await server.close();
      }
    },
  );

  it(
    'Ctrl-C while a key command asks for a passphrase: exit 130 as any interrupted run; SIGTERM to gwctl alone: 143, and the command ends with what it started',
    { timeout: 90_000 },
    async () => {
      const server = await startServer(() => ({ body: { data: [], has_more: false } }));
      const dir = tempConfigDir();
      const [gwctlPid, childPid] = [path.join(dir, 'gwctl.pid'), path.join(dir, 'child.pid')];
      // The shell's parent is gwctl; the sleep is a process it started, which outlives the shell.
      const command = `echo $PPID > ${gwctlPid}; sleep 30 & echo $! > ${childPid}; printf 'passphrase: ' >/dev/tty; read p </dev/tty; echo "$p"`;
      const env = { ...TERMINAL, GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY_COMMAND: command, GWCTL_CONFIG_DIR: dir };
      const ask = async (): Promise<ReturnType<typeof liveScreen>> => {
        rmSync(childPid, { force: true });
        const screen = liveScreen(['interns', 'ls'], env, 80, 10);
        await screen.until('the prompt', (l) => l.some((line) => line.includes('passphrase:')));
        await until(() => existsSync(childPid) && readFileSync(childPid, 'utf8').trim() !== '');
        return screen;
      };
      try {
        let screen = await ask();
        try {
          screen.keys('C-c');
          expect(await screen.exit()).toEqual({ exit: 130, stderr: 'gwctl: interrupted\n' });
        } finally {
          screen.close();
        }
        screen = await ask();
        try {
          process.kill(Number(readFileSync(gwctlPid, 'utf8')), 'SIGTERM');
          expect(await screen.exit()).toEqual({ exit: 143, stderr: 'gwctl: terminated\n' });
          await until(() => !running(Number(readFileSync(childPid, 'utf8'))), 1_000);
        } finally {
          screen.close();
        }
        expect(server.requests).toEqual([]);
      } finally {
        await server.close();
      }
    },
  );

  it(
    '--watch: an outage is said in the status line, with the time of the last good reading, never in the table',
    { timeout: 90_000 },
    async () => {
      let polls = 0;
      const intern = { id: '00000000-0000-4000-8000-000000000001', name: 'steady', status: 'running', created_at: '2026-01-01T00:00:00Z' };
      const server = await startServer(() =>
        ++polls <= 2 ? { body: { data: [intern], has_more: false } } : { status: 503, body: envelope(503, 'Service unavailable') },
      );
      const screen = liveScreen(
        ['interns', 'ls', '--watch', '--interval', '0.5s', '--retries', '0'],
        { TERM: 'xterm-256color', GWCTL_BASE_URL: server.baseUrl, GWCTL_API_KEY: 'sk-api-watch-outage-0123456789' },
        100,
        10,
      );
      try {
        const failing = await screen.until('the outage in the status line', (l) => /HTTP 503/.test(l[0] ?? ''));
        expect(failing[0]).toMatch(/^last good poll \d\d:\d\d:\d\d · 1 interns · HTTP 503: Service unavailable · next poll in 0\.5s$/);
        // More failed polls: still the one line, the table as it was.
        await screen.until('three more failed polls', () => polls >= 6);
        const lines = screen.lines();
        expect(lines.filter((line) => line.includes('503'))).toHaveLength(1);
        expect(lines.slice(1).filter(Boolean)).toEqual([
          expect.stringMatching(/^ {3}ID {2,}NAME/),
          expect.stringMatching(/^ {3}0{8}-.* steady /),
        ]);
        screen.keys('C-c');
        expect(await screen.exit()).toEqual({ exit: 130, stderr: 'gwctl: interrupted\n' });
      } finally {
        screen.close();
        await server.close();
      }
    },
  );

  it('gwctl sandbox: its ready summary fits 60 and 80 columns, keys, ids and commands whole', { timeout: 60_000 }, async () => {
    for (const width of [60, 80]) {
      const screen = liveScreen(['sandbox', '--port', '0'], TERMINAL, width, 70);
      try {
        // Lines the terminal wrapped are joined here: a line wider than the window is one it wrapped.
        const lines = await screen.until('the summary', (l) => l.some((line) => line.includes('(no key needed).')));
        expect(lines.filter((line) => displayWidth(line) > width)).toEqual([]);
        const text = lines.join('\n');
        for (const key of ['management', 'api', 'outsider', 'intern']) expect(text).toContain(`gw-sandbox-key-${key}`);
        expect(text).toContain('6f82babd-397f-4231-8985-f891e8902b99');
        // The example command pastes as one: each break ends with a backslash.
        const start = lines.findIndex((line) => line.trim().startsWith('GWCTL_BASE_URL='));
        const end = lines.findIndex((line, i) => i >= start && line.trim().endsWith('gwctl interns ls'));
        expect(start).toBeGreaterThan(-1);
        expect(lines.slice(start, end).every((line) => line.endsWith(' \\'))).toBe(true);
        screen.keys('C-c');
        expect((await screen.exit()).exit).toBe(130);
      } finally {
        screen.close();
      }
    }
  });

  it('the intern picker, after loading more and Escape, leaves nothing on the screen', { timeout: 90_000 }, async () => {
    const screen = liveScreen(['--sandbox', 'interns', 'suspend'], { ...TERMINAL, GWCTL_SANDBOX_PACE: '0' }, 80, 30, {
      stderrOnScreen: true,
    });
    try {
      await screen.until('the picker', (l) => l.some((line) => line.includes('Which intern to suspend?')));
      // Nothing among the newest matches: the one choice loads more, and the picker asks again.
      screen.keys('zzz-no-such-intern');
      await screen.until('the load-more choice', (l) => l.some((line) => /load 100 more/.test(line)));
      screen.keys('Enter');
      await screen.until('the picker again', (l) => l.some((line) => /200 newest/.test(line)));
      screen.keys('Escape');
      expect((await screen.exit()).exit).toBe(3);
      expect(screen.lines().filter(Boolean)).toEqual(['gwctl: cancelled; nothing was picked']);
    } finally {
      screen.close();
    }
  });
});

skipNote('terminal tests of a first hour (tmux)', missing.tmux);
