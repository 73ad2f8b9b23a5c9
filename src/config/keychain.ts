// The operating system's credential store (macOS Keychain, Windows Credential Manager, the
// Secret Service on Linux) through @napi-rs/keyring. The native add-on is handed in by the one
// lazy seam (src/cli/lazy.ts) and loaded only when a key is stored there or read from there.
// Calls are synchronous: settings are resolved synchronously, and a key read blocks nothing
// that could run before it.
import type { Env } from '../core/env.js';
import { DBUS_SESSION_BUS_ADDRESS, readVariable } from '../core/environment.js';
import type { KeyField } from './profile.js';

/** What gwctl uses of @napi-rs/keyring's binding. */
export interface KeyringBinding {
  Entry: new (
    service: string,
    account: string,
    options?: { linux?: { store?: 'secret-service' | 'keyutils' } },
  ) => {
    getPassword(): string | null | undefined;
    setPassword(password: string): void;
    deleteCredential(): boolean;
  };
}

/** No credential store answered (no D-Bus session on Linux, a locked or missing store, ...). */
export class KeychainUnavailable extends Error {}

export interface Keychain {
  /** The stored key, or undefined when there is none. */
  get(profile: string, field: KeyField): string | undefined;
  set(profile: string, field: KeyField, key: string): void;
  /** True when there was a key to remove. */
  delete(profile: string, field: KeyField): boolean;
}

/**
 * Whether a store can answer at all, decided without loading the add-on: on Linux the Secret
 * Service is reached over the D-Bus session bus, so without a session bus address there is
 * none (and libdbus would try to start one).
 */
export function keychainReachable(env: Env): boolean {
  if (process.platform === 'linux' || process.platform === 'freebsd') return Boolean(readVariable(env, DBUS_SESSION_BUS_ADDRESS));
  return true;
}

/** The name of a key's entry in the store, for a person who must remove it by hand. */
export function keychainEntry(configDir: string, profile: string, field: KeyField): { service: string; account: string } {
  return { service: `gwctl:${configDir}`, account: `${profile}/${field}` };
}

/**
 * Entries are named by the config folder (service `gwctl:<folder>`) and by profile and key
 * (account `<profile>/<management-key|api-key>`), so two config folders never share a key.
 */
export function openKeychain(load: () => KeyringBinding, env: Env, configDir: string): Keychain {
  const { service } = keychainEntry(configDir, 'default', 'management-key');
  let binding: KeyringBinding | undefined;
  const entry = (profile: string, field: KeyField) => {
    if (!keychainReachable(env)) throw new KeychainUnavailable('no D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set');
    // An add-on that cannot load (no binary for this platform, no room to unpack it) is a store
    // that does not answer.
    binding ??= attempt(load);
    // On Linux only the Secret Service counts: the kernel keyring, the library's fallback, is
    // lost at reboot.
    return attempt(
      () => new binding!.Entry(service, keychainEntry(configDir, profile, field).account, { linux: { store: 'secret-service' } }),
    );
  };
  return {
    get: (profile, field) => {
      const e = entry(profile, field);
      return attempt(() => e.getPassword()) ?? undefined;
    },
    set: (profile, field, key) => {
      const e = entry(profile, field);
      attempt(() => e.setPassword(key));
    },
    delete: (profile, field) => {
      const e = entry(profile, field);
      return attempt(() => e.deleteCredential());
    },
  };
}

/** The add-on's errors carry nested causes; the person sees the innermost message, once. */
function attempt<T>(action: () => T): T {
  try {
    return action();
  } catch (error) {
    let inner = error as Error & { cause?: unknown };
    while (inner.cause instanceof Error) inner = inner.cause as Error & { cause?: unknown };
    throw new KeychainUnavailable(inner.message.replace(/\s+/g, ' ').trim());
  }
}
