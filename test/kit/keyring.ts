// A real Secret Service for tests: a private D-Bus session bus (dbus-run-session) with
// gnome-keyring-daemon unlocked from stdin, and secret-tool to look inside it. gwctl runs are
// pointed at it with DBUS_SESSION_BUS_ADDRESS. Where a part is missing, `keyringMissing` says
// which (the tests that need it skip, saying so); CI installs them from Debian (.ci/run).
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PARTS = ['dbus-run-session', 'dbus-daemon', 'gnome-keyring-daemon', 'secret-tool'] as const;

function onPath(program: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;
}

/** Why a real Secret Service cannot run here, or undefined when it can. */
export const keyringMissing: string | undefined = (() => {
  if (process.platform !== 'linux') return 'the Secret Service tests run on Linux only';
  const absent = PARTS.filter((p) => !onPath(p));
  return absent.length ? `${absent.join(', ')} not installed (apt-get install dbus gnome-keyring libsecret-tools)` : undefined;
})();

export interface SecretService {
  /** DBUS_SESSION_BUS_ADDRESS of the private bus. */
  address: string;
  /** The environment a program needs to reach the keyring (bus address and HOME). */
  env: Record<string, string>;
  /** secret-tool lookup: the secret stored under these attributes, or undefined. */
  lookup(service: string, username: string): string | undefined;
  /** secret-tool clear: removes the entry, as a person might behind gwctl's back. */
  clear(service: string, username: string): void;
  stop(): Promise<void>;
}

/** Starts a private session bus with an unlocked gnome-keyring in it. */
export async function startSecretService(): Promise<SecretService> {
  const home = mkdtempSync(path.join(os.tmpdir(), 'gwctl-keyring-'));
  // The keyring daemon is started (unlocked, password on stdin) inside the session; the shell
  // prints the bus address and then waits until it is told to end.
  const script = [
    'printf test-password | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1',
    'echo "ADDRESS=$DBUS_SESSION_BUS_ADDRESS"',
    'read _ignored',
  ].join('\n');
  const session: ChildProcess = spawn('dbus-run-session', ['--', 'sh', '-c', script], {
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, XDG_RUNTIME_DIR: home },
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const address = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the private D-Bus session did not start in 15 s')), 15_000);
    session.stdout!.setEncoding('utf8').on('data', (d: string) => {
      out += d;
      const match = /ADDRESS=(\S+)/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    });
    session.on('error', reject);
    session.on('exit', (code) => reject(new Error(`dbus-run-session ended early (exit ${code})`)));
  });
  const env = { DBUS_SESSION_BUS_ADDRESS: address, HOME: home, XDG_RUNTIME_DIR: home };
  const tool = (args: string[]) =>
    spawnSync('secret-tool', args, { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env }, encoding: 'utf8' });
  return {
    address,
    env,
    lookup(service, username) {
      const r = tool(['lookup', 'service', service, 'username', username]);
      return r.status === 0 && r.stdout !== '' ? r.stdout : undefined;
    },
    clear(service, username) {
      execFileSync('secret-tool', ['clear', 'service', service, 'username', username], { env: { PATH: process.env.PATH ?? '', ...env } });
    },
    async stop() {
      const ended = new Promise((resolve) => session.on('close', resolve));
      session.stdin!.end('\n');
      await ended;
    },
  };
}
