// gwctl on Windows, run under Wine: the Windows executable and the npm build on Node for Windows
// answer --version and --help, keep their configuration under %APPDATA%, store a key given on
// stdin, and write to files. Wine cannot carry Node's stdio pipes or its network requests to a
// Linux process (docs/install.md says what is therefore not run here): stdio goes through files.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT } from '../kit/spawn.js';
import { DIST_BIN, WINDOWS_NODE, runWine, wineCommand, wineEnv, wineMissing, wineReady } from './foreign.js';

const { version } = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
const TOKEN = 'sk-mgmt-windows-0123456789abcdef';

const programs = [
  {
    name: 'the Windows executable',
    command: wineCommand(path.join(DIST_BIN, 'gwctl-win-x64.exe')),
    missing: wineMissing(path.join(DIST_BIN, 'gwctl-win-x64.exe'), 'run npm run build:binaries'),
  },
  {
    name: 'the npm build on Node for Windows',
    command: wineCommand(WINDOWS_NODE, path.relative(ROOT, BIN)),
    missing: wineMissing(WINDOWS_NODE, 'run npm run build:binaries (it fetches Node for Windows)'),
  },
];

for (const program of programs) {
  describe.skipIf(program.missing)(
    `${program.name} under Wine${program.missing ? ` (skipped: ${program.missing})` : ''}`,
    { timeout: 180_000 },
    () => {
      // One Wine prefix for both programs: each starts with no configuration.
      const env = { GWCTL_CONFIG_DIR: undefined, HOME: undefined };
      let appData: string;
      beforeAll(async () => {
        await wineReady();
        const prefix = wineEnv().WINEPREFIX!;
        appData = path.join(prefix, 'drive_c', 'users', process.env.USER ?? 'root', 'AppData', 'Roaming', 'gwctl');
        rmSync(appData, { recursive: true, force: true });
      }, 300_000);
      const run = (args: string[], input?: string) => runWine(program.command, args, { env, ...(input === undefined ? {} : { input }) });

      it('--version and --help, written to files', async () => {
        expect(await run(['--version'])).toMatchObject({ code: 0, stdout: `gwctl ${version}\n`, stderr: '' });
        const help = await run(['--help']);
        expect(help).toMatchObject({ code: 0, stderr: '' });
        expect(help.stdout).toMatch(/^Usage: gwctl \[options\] \[command\]\n/);
      });

      it('config set and get: the file is under %APPDATA%\\gwctl', async () => {
        const set = await run(['config', 'set', 'retries', '5']);
        expect(set).toMatchObject({ code: 0, stderr: 'Set retries for profile "default".\n' });
        expect(await run(['config', 'get', 'retries'])).toMatchObject({ code: 0, stdout: '5\n', stderr: '' });
        expect(JSON.parse(readFileSync(path.join(appData, 'config.json'), 'utf8'))).toMatchObject({
          profiles: { default: { retries: 5 } },
        });
      });

      it('auth login --with-token --insecure-storage: the key from stdin, stored in the config file', async () => {
        const login = await run(['auth', 'login', '--with-token', '--insecure-storage', '--no-verify'], `${TOKEN}\n`);
        expect(login.code).toBe(0);
        expect(login.stderr).toBe(
          `Stored the management key sk-mgm…cdef for profile "default" in C:\\users\\${process.env.USER ?? 'root'}\\AppData\\Roaming\\gwctl\\config.json; it is sent only to https://openrouter.ai\n`,
        );
        expect(existsSync(path.join(appData, 'config.json'))).toBe(true);
        expect(JSON.parse(readFileSync(path.join(appData, 'config.json'), 'utf8'))).toMatchObject({
          profiles: { default: { 'management-key': TOKEN } },
        });
      });

      it('management-key-command runs under cmd.exe: its key is the one in effect', async () => {
        const set = await run(['config', 'set', 'management-key-command', `echo ${TOKEN}-cmd`, '--profile', 'cmd']);
        expect(set).toMatchObject({ code: 0, stderr: 'Set management-key-command for profile "cmd".\n' });
        const status = await run(['auth', 'status', '--offline', '--json', '--profile', 'cmd']);
        expect(status).toMatchObject({ code: 0, stderr: '' });
        expect((JSON.parse(status.stdout) as { management_key: unknown }).management_key).toEqual({
          masked: 'sk-mgm…-cmd',
          source: 'command',
          bound_to: null,
          check: 'offline',
        });
      });
    },
  );
}
