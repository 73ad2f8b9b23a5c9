// Settings on real terminals (tmux) 60, 80, 120 and 200 columns wide: `auth status`, `config
// profiles` and `doctor` wrap a base URL, a config path or a bound origin inside its column
// rather than cut it (at 60 columns a cut `http://127.0.0.1:401…` hid the port). Each value is
// read back from its column, its pieces joined, and must be whole. Skips, saying why, when tmux
// is not installed.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { displayWidth } from '../../src/output/width.js';
import { gwctl } from '../kit/cli.js';
import { loginWithToken } from '../kit/profiles.js';
import { useSandbox } from '../kit/sandbox.js';
import { tempConfigDir } from '../kit/spawn.js';
import { onScreen, stopTmux } from '../kit/tmux.js';
import { missing, skipNote } from '../completions/shells.js';

const WIDTHS = [60, 80, 120, 200] as const;
const STAGING = 'https://gateway.staging.example.com/api/v1';

/**
 * A table's rows as `label -> the text of column `header``: the column runs from where its heading
 * starts to where the next one starts; a line whose first column is blank continues the row
 * above, and its piece is joined on (spaces dropped, as a wrap may break at one).
 */
function column(screen: string, header: string): Map<string, string> {
  const [head, ...lines] = screen.split('\n');
  const starts = [...head!.matchAll(/\S+(?: \S+)*/g)].map((m) => ({ name: m[0], at: m.index }));
  const which = starts.findIndex((s) => s.name === header);
  expect(which, `no column ${header} in: ${head}`).toBeGreaterThan(0);
  const from = starts[which]!.at;
  const to = starts[which + 1]?.at ?? Infinity;
  const rows = new Map<string, string>();
  let label = '';
  for (const line of lines) {
    const first = line.slice(0, starts[1]!.at).trim();
    if (first !== '') label = first;
    rows.set(label, (rows.get(label) ?? '') + line.slice(from, to).replace(/\s/g, ''));
  }
  return rows;
}

const sandbox = useSandbox({}, { resetEach: false });

afterAll(() => {
  if (!missing.tmux) stopTmux();
});

describe.skipIf(missing.tmux)(`settings at a terminal${missing.tmux ? ` (skipped: ${missing.tmux})` : ''}`, () => {
  /** A config folder where a person's home puts it, with a stored key bound to the sandbox and a second profile. */
  async function setUp(): Promise<{ dir: string; env: Record<string, string> }> {
    const dir = path.join(tempConfigDir(), 'home', 'alexandra.konstantinopoulou', '.config', 'gwctl');
    mkdirSync(dir, { recursive: true });
    const sb = sandbox();
    const login = await loginWithToken(sb.keys.management, { configDir: dir, verifyAt: sb.baseUrl });
    expect(login.code, login.stderr).toBe(0);
    const set = await gwctl(['config', 'set', 'base-url', STAGING, '--profile', 'staging'], { configDir: dir });
    expect(set.code, set.stderr).toBe(0);
    return { dir, env: { GWCTL_CONFIG_DIR: dir, NO_COLOR: '1', TERM: 'xterm' } };
  }

  const screens = async (args: string[], env: Record<string, string>) =>
    Promise.all(WIDTHS.map(async (width) => ({ width, screen: await onScreen(args, env, width, 60) })));

  function fits(width: number, text: string): void {
    expect(
      text.split('\n').filter((line) => displayWidth(line) > width),
      `${width} columns:\n${text}`,
    ).toEqual([]);
  }

  it('auth status shows the config path, the base URL and the bound origin whole', { timeout: 120_000 }, async () => {
    const { dir, env } = await setUp();
    const origin = new URL(sandbox().baseUrl).origin;
    for (const { width, screen } of await screens(['auth', 'status'], env)) {
      expect(screen.exit, screen.stderr).toBe(0);
      fits(width, screen.text);
      const value = column(screen.text, 'VALUE');
      expect(value.get('config file'), `${width} columns:\n${screen.text}`).toBe(path.join(dir, 'config.json'));
      expect(value.get('base URL'), `${width} columns:\n${screen.text}`).toBe(sandbox().baseUrl);
      expect(column(screen.text, 'FROM').get('management key'), `${width} columns:\n${screen.text}`).toBe(`file,boundto${origin}`);
    }
  });

  it('config profiles shows each base URL whole', { timeout: 120_000 }, async () => {
    const { env } = await setUp();
    for (const { width, screen } of await screens(['config', 'profiles'], env)) {
      expect(screen.exit, screen.stderr).toBe(0);
      fits(width, screen.text);
      const urls = column(screen.text, 'BASE URL');
      expect(urls.get('default'), `${width} columns:\n${screen.text}`).toBe(sandbox().baseUrl);
      expect(urls.get('staging'), `${width} columns:\n${screen.text}`).toBe(STAGING);
      // No profile here has a workspace: a narrow terminal leaves that empty column out without a word.
      if (!screen.text.split('\n')[0]!.includes('WORKSPACE')) expect(screen.stderr).not.toContain('hidden');
    }
  });

  it('doctor shows each step whole', { timeout: 120_000 }, async () => {
    const { env } = await setUp();
    const { host } = new URL(sandbox().baseUrl);
    for (const { width, screen } of await screens(['doctor'], env)) {
      expect(screen.exit, screen.stderr).toBe(0);
      fits(width, screen.text);
      expect(screen.text).not.toContain('…');
      const detail = column(screen.text, 'DETAIL');
      expect(detail.get('profile'), `${width} columns:\n${screen.text}`).toContain(sandbox().baseUrl);
      expect(detail.get('tcp'), `${width} columns:\n${screen.text}`).toBe(`connectedto${host}(${host})`);
    }
  });
});

skipNote('settings terminal tests (tmux)', missing.tmux);
