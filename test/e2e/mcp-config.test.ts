// `gwctl mcp config --client` for Codex and Gemini CLI, as for the other clients: it prints what
// registers this gwctl (its absolute path, `mcp` and the options given) in the client's own format,
// and writes no file; a client name mistyped gets "did you mean".
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { gwctlCommand, runGwctl, tempConfigDir } from '../kit/spawn.js';

// The standalone executable itself, or the npm package's script that its shebang starts.
const [first, ...lead] = gwctlCommand();
const self = lead.at(-1) ?? first;

describe('mcp config --client', () => {
  it('codex: the [mcp_servers.gwctl] table of ~/.codex/config.toml, and no file written', async () => {
    const home = tempConfigDir();
    const run = await runGwctl(['--profile', 'prod', 'mcp', 'config', '--client', 'codex', '--allow-destructive'], {
      env: { HOME: home },
    });
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toBe(
      `[mcp_servers.gwctl]\ncommand = ${JSON.stringify(self)}\nargs = ["mcp", "--profile", "prod", "--allow-destructive"]\n`,
    );
    expect(existsSync(path.join(home, '.codex'))).toBe(false);
    const json = await runGwctl(['--sandbox', 'mcp', 'config', '--client', 'codex', '--json']);
    expect(JSON.parse(json.stdout)).toEqual({
      client: 'codex',
      command: self,
      args: ['mcp', '--sandbox'],
      registration: { mcp_servers: { gwctl: { command: self, args: ['mcp', '--sandbox'] } } },
    });
  });

  it('gemini-cli (or gemini): the mcpServers of ~/.gemini/settings.json, and no file written', async () => {
    const home = tempConfigDir();
    for (const name of ['gemini-cli', 'gemini']) {
      const run = await runGwctl(['--sandbox', 'mcp', 'config', '--client', name], { env: { HOME: home } });
      expect(run).toMatchObject({ code: 0, stderr: '' });
      expect(JSON.parse(run.stdout)).toEqual({ mcpServers: { gwctl: { command: self, args: ['mcp', '--sandbox'] } } });
      expect(path.isAbsolute(self)).toBe(true);
    }
    expect(existsSync(path.join(home, '.gemini'))).toBe(false);
  });

  it('a client mistyped: did you mean, exit 2; one not near any: the list', async () => {
    const clients = 'claude-code, claude-desktop, cursor, vscode, codex, gemini-cli';
    expect(await runGwctl(['mcp', 'config', '--client', 'cursr'])).toMatchObject({
      code: 2,
      stdout: '',
      stderr: `gwctl: invalid --client "cursr": did you mean cursor? It must be one of ${clients}\n`,
    });
    expect((await runGwctl(['mcp', 'config', '--client', 'codx'])).stderr).toContain('did you mean codex?');
    expect(await runGwctl(['mcp', 'config', '--client', 'emacs'])).toMatchObject({
      code: 2,
      stderr: `gwctl: invalid --client "emacs": must be one of ${clients}\n`,
    });
  });
});
